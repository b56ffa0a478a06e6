import MiddlewareSupport

/// The checks a ``StoredState`` runs on a value read from a file, so that what the app shows from
/// a file is as sound as what it makes itself: text it can print, counts it can add to.
public enum StateCheck {
    /// The longest text a state file may hold, in Unicode scalars.
    public static let textLimit = 200
    /// The largest count a state file may hold; far from overflow, however often it is added to.
    public static let countLimit = 1_000_000_000

    /// What is wrong with the first of `texts` that is empty, too long, or holds control or format
    /// characters (which would reorder or recolour the terminal), or `nil`; `noun` names them.
    public static func text(_ texts: some Sequence<String>, as noun: String) -> String? {
        for text in texts {
            if text.isEmpty { return "an empty \(noun)" }
            // Printable ASCII, the usual case, needs no look-up of each character's category.
            if text.utf8.count <= textLimit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { continue }
            if text.unicodeScalars.count > textLimit {
                return "\(a(noun)) longer than \(textLimit) characters"
            }
            if text.unicodeScalars.contains(where: { $0.isInvisible }) {
                return "\(a(noun)) with control characters, '\(text.visible)'"
            }
        }
        return nil
    }

    /// What is wrong with the first of `identifiers` that a link could not carry (1 to 64 ASCII
    /// letters, digits, `-` or `_`, the rule of a route's identifiers), or `nil`: an id from outside
    /// goes into addresses and links, where `&`, `/` or a space would change what they say.
    public static func identifier(_ identifiers: some Sequence<String>, as noun: String) -> String? {
        identifiers.first { !(1...identifierLimit).contains($0.utf8.count) || !$0.utf8.allSatisfy(isIdentifierByte) }
            .map { "\(a(noun)) that is not 1–\(identifierLimit) letters, digits, '-' or '_', '\($0.visible)'" }
    }

    /// What is wrong with the first of `counts` below zero or above ``countLimit``, or `nil`.
    public static func count(_ counts: some Sequence<Int>, as noun: String) -> String? {
        counts.first { !(0...countLimit).contains($0) }.map { "\(a(noun)) of \($0)" }
    }

    /// The first problem of a document's `records`, each check run on all of them before the next:
    /// text a terminal cannot print (`texts`), an id a link cannot carry (`ids`), a count out of range
    /// (`counts`, named `countNoun`), what `rule` refuses of one record, then a `key` given twice.
    /// `noun` names a record: "an event's text", "an event's id", "the event 'e01' twice".
    public static func records<Record, Key: Hashable & CustomStringConvertible>(
        _ records: [Record], as noun: String,
        texts: (Record) -> [String], ids: (Record) -> [String], counts: (Record) -> [Int], as countNoun: String,
        rule: (Record) -> String? = { _ in nil }, key: (Record) -> Key
    ) -> String? {
        text(records.flatMap(texts), as: "\(noun)'s text")
            ?? identifier(records.flatMap(ids), as: "\(noun)'s id")
            ?? count(records.flatMap(counts), as: countNoun)
            ?? records.lazy.compactMap(rule).first
            ?? duplicate(in: records.map(key), as: noun)
    }

    /// `noun` after its indefinite article: "an address", "a count" (the nouns these checks are given
    /// start with a vowel sound exactly when they start with a vowel other than "u").
    private static func a(_ noun: String) -> String {
        (noun.first.map { "aeioAEIO".contains($0) } ?? false ? "an " : "a ") + noun
    }

    /// The first of `values` that appears twice, or `nil`; `noun` names them.
    public static func duplicate<Value: Hashable & CustomStringConvertible>(
        in values: some Sequence<Value>, as noun: String
    ) -> String? {
        var seen = Set<Value>(minimumCapacity: values.underestimatedCount)
        return values.first { !seen.insert($0).inserted }.map { "the \(noun) '\($0.description.visible)' twice" }
    }
}
