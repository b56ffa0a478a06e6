import ComponentScaffold
import Foundation

private let baseTypes = BaseTypes(
    concrete: ["ShopID", "EventType", "Screen"], hashable: ["ShopID", "EventType"], uninhabited: ["Money"])

/// libFuzzer's entry: an interface document for `new-component --interface`, and each declaration in
/// it (or the input itself, as one declaration) parsed as a require or provide signature.
///
/// Properties, each a trap libFuzzer reports: a declaration that parses prints back (``Signature/written``)
/// to text that parses to the same declaration, and the require it becomes in an API file is read back
/// by the generator (the list of requires the audit walks) under its own name. The input is also read
/// as an API file: each require `--regenerate` accepts from it has a name its calling function can
/// take (lowerCamelCase ASCII, not a keyword, not a member every component has), once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScaffoldInterface(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    var declarations = [String(decoding: bytes, as: UTF8.self)]
    if let (requires, provides) = try? InterfaceDocument.declarations(fromJSON: bytes, file: "fuzz.json") {
        declarations += requires + provides
    }
    if let requires = try? Scaffolder.requires(inAPIFile: declarations[0], named: "Zeta.swift") {
        for require in requires {
            let name = String(require.dropFirst("require_".count))
            guard require.hasPrefix("require_"), (try? Signature(parsing: name, baseTypes: baseTypes))?.name == name,
                !["shared", "store", "reset", "keepState", "allRequires", "componentName"].contains(name)
            else { fatalError("the generator accepts '\(require)', whose calling function cannot be named so") }
        }
        guard Set(requires).count == requires.count else { fatalError("the generator accepts a require twice") }
    }
    for declaration in declarations {
        guard let signature = try? Signature(parsing: declaration, baseTypes: baseTypes, isRequire: true) else {
            continue
        }
        guard let reparsed = try? Signature(parsing: signature.written, baseTypes: baseTypes, isRequire: true),
            reparsed == signature
        else { fatalError("'\(signature.written)' does not parse back to the declaration it prints") }
        let api =
            "public final class Zeta {\n    public var require_\(signature.name): (\(signature.closureType(returning: "Screen")))?\n}\n"
        guard (try? Scaffolder.requires(inAPIFile: api, named: "Zeta.swift")) == ["require_\(signature.name)"] else {
            fatalError("the generator does not read back the require '\(signature.written)' declares")
        }
    }
    return 0
}
