import Foundation
import MiddlewareSupport

/// Reads JSON from outside the app (a state file, a service's document) so strictly that what it
/// accepts is exactly what the value would write back: UTF-8 text, no key given twice, an object
/// with the expected whole-number `format`, every value of its type, and no key the value does not
/// know (which would otherwise be dropped without a word).
package enum StrictJSON {
    /// The value of type `Value` in `bytes`, a JSON object whose `format` is `format`, or what is
    /// wrong with them, worded to follow the file's name ("… is not UTF-8 text").
    package static func decode<Value: Codable>(
        _ type: Value.Type, from bytes: [UInt8], format: Int
    ) -> Result<Value, StateFile.Failure> {
        let hasNull = bytes.withUnsafeBytes { text in
            text.baseAddress.map { memchr($0, 0, text.count) != nil } ?? false
        }
        guard !hasNull, String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(damage("is not UTF-8 text"))
        }
        if let shape = JSONShape.firstProblem(in: bytes) {
            let place = shape.path.map { ", in '\($0.visible)'" } ?? ""
            return .failure(damage("is not strict JSON (\(shape.problem)\(place))"))
        }
        // The whole text is checked before anything is decoded: `JSONDecoder` checks a string or a
        // number only when it reads it, so text it never reads would pass unchecked, and Foundation's
        // decoder traps on some text nested past its limit.
        guard JSONSyntax.isValid(bytes) else {
            return .failure(damage("is not valid JSON"))
        }
        let value: Value
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[expectedFormat] = format
            switch try decoder.decode(Formatted<Value>.self, from: Data(bytes)) {
            case .value(let decoded): value = decoded
            case .notAnObject: return .failure(damage("is not a JSON object"))
            case .noFormat: return .failure(damage("has no whole-number 'format'"))
            case .format(let found): return .failure(damage("is in format \(found); this app reads format \(format)"))
            }
        } catch let error as DecodingError {
            return .failure(damage(describe(error)))
        } catch {
            return .failure(damage("cannot be read: \(error)"))
        }
        // What the value would not write back is not dropped silently: a key it does not know. Only the
        // keys are compared, read from both texts, not trees of every value.
        guard let written = try? JSONEncoder().encode(value), let known = JSONKeys([UInt8](written)) else {
            return .failure(damage("holds a value the app cannot write back"))
        }
        switch known.compare(bytes) {
        case .allKnown: return .success(value)
        case .unknown(let place):
            return .failure(damage("has a key it does not know, '\(place.visible(atMost: 200))'"))
        case .unreadable: return .failure(damage("is not valid JSON"))
        }
    }

    /// Where ``Formatted`` finds the format it expects.
    private static let expectedFormat = CodingUserInfoKey(rawValue: "format")!

    /// A JSON object read in one pass: its `format` first, so that a file of another format says so
    /// rather than what its values hold, then, when the format is the one expected, the value itself
    /// from the same decoder.
    private enum Formatted<Wrapped: Decodable>: Decodable {
        case value(Wrapped)
        /// Valid JSON that is not an object (an array, a string, `null`) has no keys to read.
        case notAnObject
        case noFormat
        /// A whole-number format other than the one expected.
        case format(Int)

        private enum CodingKeys: String, CodingKey {
            case format
        }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
                self = .notAnObject
                return
            }
            guard let found = try? container.decode(Int.self, forKey: .format) else {
                self = .noFormat
                return
            }
            guard found == decoder.userInfo[expectedFormat] as? Int else {
                self = .format(found)
                return
            }
            self = .value(try Wrapped(from: decoder))
        }
    }

    /// `value` as a state file holds it: sorted keys, so the same value is always the same file, and
    /// indented for a person to read unless `compact`, ending in a line break. Where indenting would take
    /// the text past the size limit it is written compact, so whatever was read from a file (compact, up
    /// to the limit) can be written back; a line break ends it but for one at the limit, which it would
    /// take over.
    package static func encode(_ value: some Encodable, compact: Bool = false) throws(StateFile.Failure) -> Data {
        let compactFormatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoder = JSONEncoder()
        encoder.outputFormatting = compact ? compactFormatting : compactFormatting.union(.prettyPrinted)
        do {
            var bytes = try encoder.encode(value)
            if !compact, bytes.count >= StateFile.sizeLimit {
                encoder.outputFormatting = compactFormatting
                bytes = try encoder.encode(value)
            }
            if bytes.count < StateFile.sizeLimit {
                bytes.append(UInt8(ascii: "\n"))
            }
            return bytes
        } catch {
            throw StateFile.Failure(description: "cannot encode it: \(error)")
        }
    }

    /// A failure that says the bytes are damaged: `description` follows the file's name.
    package static func damage(_ description: String) -> StateFile.Failure {
        StateFile.Failure(description: description, kind: .damage)
    }

    /// A decoding error in a few words, naming where in the file it is.
    private static func describe(_ error: DecodingError) -> String {
        /// `state.items[0].status`: the keys joined by dots, indexes in brackets.
        func place(_ path: [any CodingKey]) -> String {
            String(path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." })
                .visible
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "has no '\(place(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "has a value of the wrong type at '\(place(context.codingPath))'"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The text is JSON (it was parsed before), so a number does not fit its field.
            return "has a number that does not fit where it is"
        case .dataCorrupted(let context):
            return "has a value it cannot hold at '\(place(context.codingPath))'"
        @unknown default:
            return "cannot be read"
        }
    }
}
