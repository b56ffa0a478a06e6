import ComponentScaffold
import Foundation

/// libFuzzer's entry: any bytes as an app's `components.json`.
///
/// Property, a trap libFuzzer reports: a layout that is accepted names, for any component, paths that
/// stay inside the package (relative, without `.` or `..` parts), that hold the component's name and
/// no placeholder, and whose derived files differ from the API file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzComponentLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let layout = try? ComponentLayout.parse(Data(bytes: data, count: size)) else { return 0 }
    let name = "Sample"
    var paths = [layout.api.path(for: name), layout.generated.path(for: name)]
    if let preview = layout.preview {
        paths += [preview.answers.path(for: name), preview.router.path(for: name)]
    }
    for path in paths {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !parts.contains(".."), !parts.contains("."), !parts.contains("") else {
            fatalError("accepted a path outside the package: \(path)")
        }
        guard path.contains(name), !path.contains("{"), !path.contains("}") else {
            fatalError("accepted a path that does not name the component: \(path)")
        }
    }
    guard paths[1] != paths[0] else { fatalError("accepted a derived file on the API file: \(paths[0])") }
    return 0
}
