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
        guard String(validating: bytes, as: UTF8.self) != nil, !bytes.contains(0) else {
            return .failure(damage("is not UTF-8 text"))
        }
        let data = Data(bytes)
        if let shape = JSONShape.firstProblem(in: data) {
            let place = shape.path.map { ", in '\($0.visible)'" } ?? ""
            return .failure(damage("is not strict JSON (\(shape.problem)\(place))"))
        }
        guard let tree = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else {
            return .failure(damage("is not valid JSON"))
        }
        guard let top = tree as? [String: Any] else {
            return .failure(damage("is not a JSON object"))
        }
        guard let found = top["format"] as? Int else {
            return .failure(damage("has no whole-number 'format'"))
        }
        guard found == format else {
            return .failure(damage("is in format \(found); this app reads format \(format)"))
        }
        let value: Value
        do {
            value = try JSONDecoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            return .failure(damage(describe(error)))
        } catch {
            return .failure(damage("cannot be read: \(error)"))
        }
        // What the value would not write back is not dropped silently: a key it does not know.
        if let written = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(value)),
            let unknown = unknownKey(in: tree, besides: written)
        {
            return .failure(damage("has a key it does not know, '\(unknown.visible)'"))
        }
        return .success(value)
    }

    /// A failure that says the bytes are damaged: `description` follows the file's name.
    package static func damage(_ description: String) -> StateFile.Failure {
        StateFile.Failure(description: description, kind: .damage)
    }

    /// The path of the first key of `original` that `known`, the same value written back, lacks.
    private static func unknownKey(in original: Any, besides known: Any, at path: String = "") -> String? {
        if let original = original as? [String: Any], let known = known as? [String: Any] {
            for key in original.keys.sorted() {
                let place = path.isEmpty ? key : path + "." + key
                guard let counterpart = known[key] else { return place }
                if let found = unknownKey(in: original[key] as Any, besides: counterpart, at: place) {
                    return found
                }
            }
        } else if let original = original as? [Any], let known = known as? [Any] {
            for (index, (element, counterpart)) in zip(original, known).enumerated() {
                if let found = unknownKey(in: element, besides: counterpart, at: path + "[\(index)]") {
                    return found
                }
            }
        }
        return nil
    }

    /// A decoding error in a few words, naming where in the file it is.
    private static func describe(_ error: DecodingError) -> String {
        /// `state.bookings[0].status`: the keys joined by dots, indexes in brackets.
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
