import Foundation

/// JSON for people to read and review as well as for programs: indented, keys sorted, slashes left
/// as they are, and a line end last. What the tools print with `--format json` and the files they
/// write for review (a layering baseline) are written this way.
public enum ReadableJSON {
    /// `value` encoded. Strings, numbers, booleans and collections of them always encode; a value
    /// that cannot (a number that is not finite) is written `null`.
    public static func data(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(value)) ?? Data("null".utf8)) + Data("\n".utf8)
    }

    /// `value` encoded, as text.
    public static func text(_ value: some Encodable) -> String {
        String(decoding: data(value), as: UTF8.self)
    }
}
