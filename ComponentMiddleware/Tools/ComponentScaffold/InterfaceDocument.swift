import Foundation
import LayeringCheck

/// What a new component requires and provides, as written in `--require` / `--provide` options or a
/// small JSON file: `{"requires": ["tagPage(noteId: String)"], "provides": ["reminder(noteId: String)"]}`.
public struct InterfaceDocument: Sendable, Hashable {
    /// The requires, in the order given.
    public var requires: [Signature]
    /// The provides, in the order given.
    public var provides: [Signature]

    /// No declarations.
    public init() {
        requires = []
        provides = []
    }

    /// Parses and checks the declarations.
    ///
    /// - Parameter baseTypes: The base layer's types, which parameters may use besides the standard ones.
    public init(requires: [String], provides: [String], baseTypes: BaseTypes) throws(ScaffoldError) {
        var parsedRequires: [Signature] = []
        for text in requires {
            parsedRequires.append(try Signature(parsing: text, baseTypes: baseTypes, isRequire: true))
        }
        var parsedProvides: [Signature] = []
        for text in provides {
            parsedProvides.append(try Signature(parsing: text, baseTypes: baseTypes))
        }
        for (kind, signatures) in [("require", parsedRequires), ("provide", parsedProvides)] {
            var seen: Set<String> = []
            for signature in signatures where !seen.insert(signature.name).inserted {
                throw ScaffoldError("the \(kind) '\(signature.name)' is declared twice; give each a distinct name")
            }
        }
        for require in parsedRequires where ComponentAPIFile.reservedNames.contains(require.name) {
            throw ScaffoldError(
                "the require '\(require.name)' would be called through a function named like the component's"
                    + " '\(require.name)'; rename it")
        }
        self.requires = parsedRequires
        self.provides = parsedProvides
    }

    /// Reads the requires and provides of a JSON interface file.
    public static func declarations(fromJSON data: Data, file: String) throws(ScaffoldError) -> (
        requires: [String], provides: [String]
    ) {
        let object: [String: [String]]
        do {
            object = try JSONDecoder().decode([String: [String]].self, from: data)
        } catch {
            throw ScaffoldError(
                "'\(file)' is not an interface document; expected {\"requires\": [\"name(label: Type)\"], \"provides\": [...]}"
            )
        }
        // JSON decoders keep the last of two equal keys and say nothing, which would drop declarations,
        // and accept a trailing comma, which layers.json and the routes configuration refuse.
        let inspection = JSONKeys.inspect(data)
        if let duplicate = inspection.duplicate {
            throw ScaffoldError("'\(file)' has the key \"\(duplicate.key)\" twice; merge the two lists into one")
        }
        if let line = inspection.trailingCommaLine {
            throw ScaffoldError("'\(file)' has a comma before a closing bracket on line \(line); JSON allows none")
        }
        let unknown = Set(object.keys).subtracting(["requires", "provides"])
        guard unknown.isEmpty else {
            throw ScaffoldError(
                "'\(file)' has unknown keys: \(unknown.sorted().joined(separator: ", ")); use requires and provides")
        }
        return (object["requires"] ?? [], object["provides"] ?? [])
    }
}
