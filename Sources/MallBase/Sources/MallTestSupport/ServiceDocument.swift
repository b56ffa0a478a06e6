import Foundation
import Testing

/// The documents the package ships for a service to serve (`Service/api/`), each checked equal to
/// the records a component embeds.
public enum ServiceDocument {
    /// The shipped documents' folder, in the mall's root: five folders above this file
    /// (`Sources/MallBase/Sources/MallTestSupport/`).
    public static let folder = (0..<5).reduce(URL(fileURLWithPath: #filePath)) { url, _ in
        url.deletingLastPathComponent()
    }.appendingPathComponent("Service/api")

    /// Expects `Service/api/<name>.json` to hold `bytes` exactly; with `WRITE_SERVICE_DOCUMENTS=1`
    /// in the environment, writes them there first (after a change to the embedded records).
    public static func check(_ name: String, holds bytes: Data, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let file = folder.appendingPathComponent(name + ".json")
        if ProcessInfo.processInfo.environment["WRITE_SERVICE_DOCUMENTS"] == "1" {
            try bytes.write(to: file, options: .atomic)
        }
        // Compared first, so a failure names the file rather than printing both documents' bytes.
        let isTheSame = (try? Data(contentsOf: file)) == bytes
        #expect(
            isTheSame,
            """
            Service/api/\(name).json is not the embedded records written out; after changing them, run
            WRITE_SERVICE_DOCUMENTS=1 swift test --filter Document
            """, sourceLocation: sourceLocation)
    }
}
