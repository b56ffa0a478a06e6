import ComponentScaffold
import Foundation

/// The layout the rendering names its screen type from.
private let layout = try! ComponentLayout.parse(
    Data(
        #"{"api": "A/{Name}.swift", "generated": "A/{Name}+G.swift", "screen": {"type": "Page", "module": "Kit", "unavailable": ".missing"}}"#
            .utf8))

/// libFuzzer's entry: any bytes as one of an app's scaffolding templates.
///
/// Properties, traps libFuzzer reports: a template is read or refused without trapping, however deep
/// or long; one that is read renders alike twice; one without tags (no `{{`) renders as itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else {
        return 0
    }
    func render() -> String? {
        try? Scaffolder.render(
            template: text, component: "Sample", requires: ["note(noteId: String)", "count(n: Int) async throws"],
            provides: ["page(id: String, flag: Bool)"], layout: layout)
    }
    guard let output = render() else { return 0 }
    // Tags next to braces may leave `{{` in the output (`{{{! c }}{`), so only a template without
    // any is known to render as itself.
    if !text.contains("{{"), output != text { fatalError("a template without tags changed: \(text.prefix(200))") }
    guard output == render() else { fatalError("the same template rendered two ways") }
    return 0
}
