/// A target name or glob in a layer contract, e.g. `Notes`, `*Tests` or `Features/*`.
///
/// A pattern without `/` matches a target's name; one with `/` matches the target's folder, relative to
/// the package root. `*` matches any run of characters except `/`, `**` any run including `/`
/// (`Features/**` matches `Features/Notes` and `Features/Notes/Preview`, and `App/**` also
/// `App` itself), `?` one character.
public struct TargetPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    private let parts: [Part]

    private enum Part: Hashable {
        case literal(Character)
        case any
        case anyInSegment
        case one
    }

    /// The longest pattern accepted, in characters.
    public static let maximumLength = 200

    /// Reads a pattern; `nil` if it is empty, too long, or holds a character no target name or path
    /// can hold.
    public init?(_ text: String) {
        guard !text.isEmpty, text.count <= Self.maximumLength,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            !text.hasPrefix("/"), !text.hasSuffix("/"), !text.contains("//")
        else { return nil }
        self.text = text
        var parts: [Part] = []
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case "*" where characters.first == "*":
                characters.removeFirst()
                parts.append(.any)
            case "*":
                parts.append(.anyInSegment)
            case "?":
                parts.append(.one)
            default:
                parts.append(.literal(character))
            }
        }
        self.parts = parts
    }

    /// The pattern as written.
    public var description: String { text }

    /// Whether the pattern names a folder rather than a target.
    public var matchesPath: Bool { text.contains("/") }

    /// Whether the pattern holds a wildcard.
    public var isGlob: Bool { parts.contains { if case .literal = $0 { false } else { true } } }

    /// The folder of `path` that the pattern's first wildcard stands for: `Notes` for
    /// `Features/Notes/Routes` matched by `Features/*/Routes`. `nil` when the pattern names no
    /// folder, has no wildcard, or spans folders (`**`) before it, where no one folder is meant.
    public func wildcardFolder(in path: String) -> Substring? {
        guard matchesPath, matches(path) else { return nil }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = segments.firstIndex(where: { $0.contains("*") || $0.contains("?") }),
            !segments[...index].contains(where: { $0.contains("**") })
        else { return nil }
        let folders = path.split(separator: "/", omittingEmptySubsequences: false)
        return index < folders.count ? folders[index] : nil
    }

    /// Whether `target` matches.
    public func matches(_ target: PackageGraph.Target) -> Bool {
        matchesPath ? matches(target.path) : matches(target.name)
    }

    /// Whether `subject` matches, in time proportional to the product of both lengths at worst.
    public func matches(_ subject: String) -> Bool {
        guard isGlob else { return subject == text }
        // `X/**` also matches `X` itself.
        if case .any? = parts.last, parts.count >= 2, case .literal("/") = parts[parts.count - 2],
            Self.match(Array(parts.dropLast(2)), Array(subject))
        {
            return true
        }
        return Self.match(parts, Array(subject))
    }

    /// Matches by dynamic programming over (pattern part, subject character), no recursion.
    private static func match(_ parts: [Part], _ subject: [Character]) -> Bool {
        // reachable[j]: the parts so far can match the first j characters.
        var reachable = [Bool](repeating: false, count: subject.count + 1)
        reachable[0] = true
        for part in parts {
            var next = [Bool](repeating: false, count: subject.count + 1)
            switch part {
            case .any, .anyInSegment:
                var carrying = false
                for j in 0...subject.count {
                    if reachable[j] {
                        carrying = true
                    } else if j > 0, case .anyInSegment = part, subject[j - 1] == "/" {
                        carrying = false
                    }
                    next[j] = carrying
                }
            case .one:
                for j in 1..<(subject.count + 1) where reachable[j - 1] && subject[j - 1] != "/" {
                    next[j] = true
                }
            case .literal(let character):
                for j in 1..<(subject.count + 1) where reachable[j - 1] && subject[j - 1] == character {
                    next[j] = true
                }
            }
            reachable = next
        }
        return reachable[subject.count]
    }
}
