import Foundation

/// A package manifest as the check reads it: its path relative to the package root and its text.
public struct ManifestFile: Sendable, Equatable {
    /// `Package.swift`, or a versioned manifest such as `Package@swift-6.3.swift`.
    public var path: String
    /// The manifest's Swift source.
    public var text: String

    /// The manifest at `path` holding `text`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Points findings about the manifest at their lines: each target declaration (`.target(name: "X", …)`
/// and its kin, never a product of the same name), the dependency entries inside it, the module
/// aliases and compiler flags that rename modules, and the defines that the manifest's own `#if`
/// chooses.
///
/// Manifests are Swift programs, so a target may come from a loop and have no declaration of its own;
/// such a finding falls back to the top of the file. The reading is one pass over tokens: comments are
/// skipped, strings are kept with their positions.
struct ManifestLocator {
    /// One string literal, name or byte of punctuation in the manifest, with its 1-based line and
    /// UTF-8 column. A name is classified as it is read, and a string's text is made only where the
    /// outline needs it, so most tokens cost no string.
    struct Token {
        enum Kind: Equatable {
            /// A string literal; its contents, as written, are the bytes in ``range``.
            case string
            case word(Word)
            case punctuation(UInt8)
        }

        /// The names the outline looks for.
        enum Word: Equatable {
            case targetKind, name, moduleAliases, dependencies, unsafeFlags, define, other
        }

        var kind: Kind
        var range: Range<Int>
        var line: Int
        var column: Int
    }

    /// A target declared with a literal name: where its name is, and where each string inside its
    /// declaration first appears, after `dependencies:` and anywhere.
    struct Declaration {
        var name: (line: Int, column: Int)
        var listed: [String: (line: Int, column: Int)] = [:]
        var mentioned: [String: (line: Int, column: Int)] = [:]
    }

    /// Something in the manifest that renames a module: where, and in which target's declaration.
    struct Rename {
        var line: Int
        var column: Int
        var owner: String?
        /// `true` for compiler flags built from an expression: the check cannot read what they say.
        var isExpression: Bool
    }

    /// The names that `.define(` and `.unsafeFlags(` define inside `#if`s of the manifest which the
    /// machine running it decides (`#if os(Linux)`, `#if canImport(Darwin)`): SwiftPM on another machine
    /// may define other names than the description read here says.
    struct BranchNames {
        /// Each name a `.define` of a plain string literal defines, with the line of the first.
        var names: [String: Int] = [:]
        /// The line of the first `.define` of anything else, or `.unsafeFlags`: it may define any name.
        var anyName: Int?

        /// The line of a define there that may define `name`.
        func line(of name: String) -> Int? {
            names[name] ?? anyName
        }

        /// Keeps the first line that defines `name` (`nil`: any name).
        mutating func add(_ name: String?, line: Int) {
            if let name {
                names[name] = names[name] ?? line
            } else {
                anyName = anyName ?? line
            }
        }
    }

    /// The file this locator reads.
    let path: String
    let declarations: [String: Declaration]
    let renames: [Rename]
    /// The names defined under `#if`s the machine decides, by the target whose declaration holds
    /// them; `nil` for those outside any, which may serve every target.
    let branchDefines: [String?: BranchNames]

    /// The kinds of target a manifest declares; products (`.library`, `.executable`) are not targets.
    private static let targetKinds: [String] = [
        "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
    ]

    init(_ manifest: ManifestFile) {
        path = manifest.path
        var text = manifest.text
        (declarations, renames, branchDefines) = text.withUTF8 { bytes in
            var outline = Outline(bytes: bytes)
            var scanner = Scanner(bytes: bytes)
            scanner.scan { outline.take($0) }
            outline.finish()
            return (outline.declarations, outline.renames, outline.branchDefines)
        }
    }

    /// The 1-based line and column of `dependency`'s entry in the declaration of `target`: the entry
    /// after `dependencies:` if there is one, then any mention inside the declaration, then the target's
    /// name, then the top of the file.
    func location(ofDependency dependency: String, inTarget target: String) -> (line: Int, column: Int) {
        guard let declaration = declarations[target] else { return (1, 1) }
        return declaration.listed[dependency] ?? declaration.mentioned[dependency] ?? declaration.name
    }

    // MARK: Reading

    /// Finds the target declarations, the renames and the defines of varying branches one token at a
    /// time, tracking brackets so a `.target(name:)` inside a dependency list is read as the dependency
    /// it is. It looks back at the last five tokens and never ahead, so no token is kept.
    private struct Outline {
        let bytes: UnsafeBufferPointer<UInt8>
        var declarations: [String: Declaration] = [:]
        var renames: [Rename] = []
        var branchDefines: [String?: BranchNames] = [:]
        private var depth = 0
        /// The declaration being read: its name and the depth its parenthesis opened.
        private var open: (name: String, depth: Int, declaration: Declaration, isListing: Bool)?
        /// The `unsafeFlags(` being read: where, the depth it opened, its strings joined, whether
        /// anything but strings and `+` builds it, and whether its flags were read whole, so that only
        /// its condition (`.when(platforms:)`) is left.
        private var flags: (line: Int, column: Int, depth: Int, joined: String, isExpression: Bool, isRead: Bool)?
        /// The kinds of the last five tokens, oldest first, and where the last one was.
        private var recent: (Token.Kind?, Token.Kind?, Token.Kind?, Token.Kind?, Token.Kind?)
        private var last: (line: Int, column: Int) = (0, 0)

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        private func text(_ token: Token) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
        }

        /// A directive being read: its word (`if`, `elseif`, `else`, `endif`), its line, and where its
        /// condition's text starts and ends.
        private var directive: (word: String, line: Int, start: Int, end: Int)?
        /// For each open `#if` of the manifest: whether code around it is compiled on this machine,
        /// whether a branch so far surely is, whether the current one may be, and whether another
        /// machine may choose another branch of it or of an `#if` around it.
        private var branches: [(outer: Bool, taken: Bool, current: Bool, varies: Bool)] = []
        /// Whether the code being read may be compiled on this machine: a declaration in a branch that
        /// is not is not the one SwiftPM reads.
        private var isCompiled: Bool { branches.last?.current ?? true }
        /// Whether the code being read is compiled on some machines and not on others.
        private var varies: Bool { branches.last?.varies ?? false }
        /// A `.define` in such code whose name is being read: its line, and its literal once read.
        private var pendingDefine: (line: Int, state: PendingState)?
        /// The line of `.unsafeFlags(` in such code, while its flags are read: once they are, the
        /// names their `-D` define are noted (any name, where the flags are built by an expression).
        private var branchFlagsLine: Int?
        private enum PendingState {
            case parenthesis, name, end(String)
        }

        mutating func take(_ token: Token) {
            if let current = directive {
                guard token.line != current.line else {
                    directive?.end = token.range.upperBound  // the condition goes on
                    return
                }
                enter(current)
                directive = nil
            }
            if recent.4 == .punctuation(UInt8(ascii: "#")), last.line == token.line, case .word = token.kind {
                let word = text(token)
                if ["if", "elseif", "else", "endif"].contains(word) {
                    directive = (word, token.line, token.range.upperBound, token.range.upperBound)
                    return
                }
            }
            defer {
                recent = (recent.1, recent.2, recent.3, recent.4, token.kind)
                last = (token.line, token.column)
            }
            if varies || pendingDefine != nil {
                noteBranchDefine(token)
            }
            switch token.kind {
            case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")):
                depth += 1
                if flags == nil, recent.4 == .word(.unsafeFlags) {
                    flags = (last.line, last.column, depth, "", false, false)
                    return
                }
            case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")):
                depth -= 1
                if let current = flags, depth < current.depth {
                    let passed = current.joined.split(separator: " ")
                    if current.isExpression || passed.contains(where: { $0.hasPrefix("-module-alias") }) {
                        renames.append(
                            Rename(
                                line: current.line, column: current.column, owner: open?.name,
                                isExpression: current.isExpression))
                    }
                    if let line = branchFlagsLine {
                        // Flags that define nothing (`-warnings-as-errors`) leave every name decided.
                        let names: [String?] =
                            current.isExpression ? [nil] : SwiftDefine.names(definedBy: passed.map(String.init))
                        for name in names { addBranchDefine(name, line: line) }
                        branchFlagsLine = nil
                    }
                    flags = nil
                }
                if let current = open, depth < current.depth {
                    if declarations[current.name] == nil {
                        declarations[current.name] = current.declaration
                    }
                    open = nil
                }
            case .word(.moduleAliases):
                renames.append(Rename(line: token.line, column: token.column, owner: open?.name, isExpression: false))
            case .word(.dependencies):
                open?.isListing = true
            case .string where open == nil && opensDeclaration && isCompiled:
                // `.target(name: "X"` with a literal name opens a declaration at the parenthesis' depth.
                open = (text(token), depth, Declaration(name: (token.line, token.column)), false)
                return
            case .string where open != nil:
                let string = text(token)
                if open?.declaration.mentioned[string] == nil {
                    open?.declaration.mentioned[string] = (token.line, token.column)
                }
                if open?.isListing == true, open?.declaration.listed[string] == nil {
                    open?.declaration.listed[string] = (token.line, token.column)
                }
            default:
                break
            }
            guard let current = flags, !current.isRead else { return }
            switch token.kind {
            case .punctuation(UInt8(ascii: ",")) where depth == current.depth:
                flags?.isRead = true  // the flags are the first argument; the condition follows
            case .string:
                let string = text(token)
                flags?.joined += string
                // An escape, an interpolation or a multi-line string: what it says is not read here.
                if string.contains("\\") || string.contains("\n") { flags?.isExpression = true }
            case .punctuation(UInt8(ascii: ",")): flags?.joined += " "
            case .punctuation(UInt8(ascii: "+")), .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")),
                .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")):
                break
            default: flags?.isExpression = true  // a name, a call or a `\(…)`: the flags are computed
            }
        }

        /// Follows `.define("X")` and `.unsafeFlags(` in code that another machine may not compile: a
        /// define whose name is not a plain string literal, and flags, may define any name.
        private mutating func noteBranchDefine(_ token: Token) {
            let isAfterDot = recent.4 == .punctuation(UInt8(ascii: "."))
            guard let pending = pendingDefine else {
                if isAfterDot, token.kind == .word(.define) {
                    pendingDefine = (token.line, .parenthesis)
                } else if isAfterDot, token.kind == .word(.unsafeFlags), flags == nil {
                    branchFlagsLine = token.line
                }
                return
            }
            pendingDefine = nil
            var name: String?
            switch (pending.state, token.kind) {
            case (.parenthesis, .punctuation(UInt8(ascii: "("))):
                pendingDefine = (pending.line, .name)
                return
            case (.name, .string):
                let literal = text(token)
                // With an escape, an interpolation or a line break, the name is not the text as written.
                if !literal.contains("\\"), !literal.contains("\n") {
                    pendingDefine = (pending.line, .end(literal))
                    return
                }
            case (.end(let literal), .punctuation(UInt8(ascii: ","))),
                (.end(let literal), .punctuation(UInt8(ascii: ")"))):
                name = literal
            default:
                break
            }
            addBranchDefine(name, line: pending.line)
        }

        /// Keeps a define of `name` (`nil`: any name) for the declaration being read.
        private mutating func addBranchDefine(_ name: String?, line: Int) {
            branchDefines[open?.name, default: BranchNames()].add(name, line: line)
        }

        /// Whether the last five tokens are `.`, a kind of target, `(`, `name` and `:`.
        private var opensDeclaration: Bool {
            recent.0 == .punctuation(UInt8(ascii: ".")) && recent.1 == .word(.targetKind)
                && recent.2 == .punctuation(UInt8(ascii: "(")) && recent.3 == .word(.name)
                && recent.4 == .punctuation(UInt8(ascii: ":"))
        }

        /// Follows a directive of the manifest, its condition evaluated for this machine.
        private mutating func enter(_ directive: (word: String, line: Int, start: Int, end: Int)) {
            let bytes = self.bytes
            /// The condition's value on this machine, and whether it is the same on every platform.
            func condition() -> (value: Bool?, isFixed: Bool) {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[directive.start..<directive.end]), as: UTF8.self)
                let condition = ImportScanner.condition(of: text)
                let values = Platform.all.map { condition.value(on: $0.id, module: "", declaredFor: nil) }
                let value = condition.value(on: Platform.host, module: "", declaredFor: nil)
                return (value, value != nil && values.allSatisfy { $0 == value })
            }
            switch directive.word {
            case "if":
                let (value, isFixed) = condition()
                branches.append((isCompiled, value == true, isCompiled && value != false, varies || !isFixed))
            case "elseif":
                guard let branch = branches.popLast() else { return }
                let (value, isFixed) = condition()
                branches.append(
                    (
                        branch.outer, branch.taken || value == true, branch.outer && !branch.taken && value != false,
                        branch.varies || !isFixed
                    ))
            case "else":
                guard let branch = branches.popLast() else { return }
                branches.append((branch.outer, true, branch.outer && !branch.taken, branch.varies))
            default:
                _ = branches.popLast()
            }
        }

        /// Keeps a declaration, and a define, the file left open.
        mutating func finish() {
            if let current = directive {
                enter(current)
            }
            if let pending = pendingDefine {
                addBranchDefine(nil, line: pending.line)
            }
            if let current = open, declarations[current.name] == nil {
                declarations[current.name] = current.declaration
            }
        }
    }

    /// Reads the strings, names and punctuation of a manifest, comments skipped, in one pass. A
    /// string's text is its contents as written (escapes are not resolved; a target name needs none).
    /// One pass over the bytes; a struct with mutating methods, so the position lives in registers
    /// rather than in variables captured by closures.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        private func byte(at position: Int) -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        /// The names the outline looks for, as bytes.
        private static let words: [(bytes: [UInt8], word: Token.Word)] =
            ManifestLocator.targetKinds.map { (Array($0.utf8), .targetKind) } + [
                (Array("name".utf8), .name), (Array("moduleAliases".utf8), .moduleAliases),
                (Array("dependencies".utf8), .dependencies), (Array("unsafeFlags".utf8), .unsafeFlags),
                (Array("define".utf8), .define),
            ]

        /// Which of the names the outline looks for the bytes in `range` spell, compared as bytes.
        private static func word(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Token.Word {
            for candidate in words where candidate.bytes.count == range.count {
                if candidate.bytes.withUnsafeBufferPointer({
                    memcmp($0.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count)
                }) == 0 {
                    return candidate.word
                }
            }
            return .other
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        /// Moves to `end`, counting the lines crossed; stops at the end of the file.
        private mutating func skip(to end: Int) {
            let stop = min(end, bytes.count)
            while index < stop {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }

        /// Hands each token to `take`, in file order.
        mutating func scan(_ take: (Token) -> Void) {
            while index < bytes.count {
                let current = bytes[index]
                let column = index - lineStart + 1
                switch current {
                case UInt8(ascii: "\n"):
                    skip(to: index + 1)
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    scanString(column: column, take)
                case _ where Self.isNameByte(current):
                    var end = index
                    while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
                    take(
                        Token(
                            kind: .word(Self.word(index..<end, in: bytes)), range: index..<end, line: line,
                            column: column))
                    index = end
                default:
                    take(Token(kind: .punctuation(current), range: index..<(index + 1), line: line, column: column))
                    index += 1
                }
            }
        }

        /// Skips a block comment; they nest.
        private mutating func skipBlockComment() {
            var depth = 0
            var end = index
            while end < bytes.count {
                if bytes[end] == UInt8(ascii: "/"), byte(at: end + 1) == UInt8(ascii: "*") {
                    depth += 1
                    end += 2
                } else if bytes[end] == UInt8(ascii: "*"), byte(at: end + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    end += 2
                    if depth == 0 { break }
                } else {
                    end += 1
                }
            }
            skip(to: end)
        }

        /// A string, `"…"`, `"""…"""` or raw `#"…"#`, at the cursor; a `#` not before a quote is
        /// punctuation. An unclosed one ends at its line break (single-line) or at the end of the file.
        private mutating func scanString(column: Int, _ take: (Token) -> Void) {
            var hashes = 0
            while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard byte(at: index + hashes) == UInt8(ascii: "\"") else {
                take(Token(kind: .punctuation(bytes[index]), range: index..<(index + 1), line: line, column: column))
                index += 1
                return
            }
            let quote = index + hashes
            let isMultiline = byte(at: quote + 1) == UInt8(ascii: "\"") && byte(at: quote + 2) == UInt8(ascii: "\"")
            let quotes = isMultiline ? 3 : 1
            let textStart = quote + quotes
            var end = textStart
            var closed = false
            while end < bytes.count {
                let current = bytes[end]
                if current == UInt8(ascii: "\\"), let interpolation = interpolationStart(at: end, hashes: hashes) {
                    end = endOfInterpolation(from: interpolation, isInMultilineString: isMultiline)
                    continue
                }
                if current == UInt8(ascii: "\\"), hashes == 0 {
                    end += 2
                    continue
                }
                if !isMultiline, current == UInt8(ascii: "\n") { break }
                if current == UInt8(ascii: "\""), closes(at: end, quotes: quotes, hashes: hashes) {
                    closed = true
                    break
                }
                end += 1
            }
            end = min(end, bytes.count)
            take(Token(kind: .string, range: textStart..<end, line: line, column: column))
            skip(to: closed ? end + quotes + hashes : end)
        }

        /// Where the expression starts if a `\(` (with `hashes` `#`s between, in a raw string) opens an
        /// interpolation at `position`.
        private func interpolationStart(at position: Int, hashes: Int) -> Int? {
            for offset in 1...(hashes + 1) {
                let expected = offset <= hashes ? UInt8(ascii: "#") : UInt8(ascii: "(")
                guard byte(at: position + offset) == expected else { return nil }
            }
            return position + hashes + 2
        }

        /// Where an interpolation whose expression starts at `start` ends: after the parenthesis that
        /// closes it, past strings nested in it, which may hold interpolations of their own. An
        /// explicit stack, so no nesting exhausts the call stack; the end of the file ends it all, and
        /// so does a line break where a single-line string holds the interpolation.
        private func endOfInterpolation(from start: Int, isInMultilineString: Bool) -> Int {
            enum Context {
                case interpolation(depth: Int)
                case string(hashes: Int, quotes: Int)
            }
            var stack = [Context.interpolation(depth: 1)]
            /// For each open string, whether it spans lines; the outermost is the caller's.
            var multiline = [isInMultilineString]
            var position = start
            while position < bytes.count, let top = stack.last {
                let current = bytes[position]
                switch top {
                case .interpolation(let depth):
                    if current == UInt8(ascii: "\n"), multiline.last == false {
                        return position  // the string around it ends here, unclosed
                    }
                    if current == UInt8(ascii: "(") {
                        stack[stack.count - 1] = .interpolation(depth: depth + 1)
                    } else if current == UInt8(ascii: ")") {
                        stack[stack.count - 1] = .interpolation(depth: depth - 1)
                        if depth == 1 { stack.removeLast() }
                    } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "#") {
                        var hashes = 0
                        while byte(at: position + hashes) == UInt8(ascii: "#") { hashes += 1 }
                        if byte(at: position + hashes) == UInt8(ascii: "\"") {
                            let quotes = closes(at: position + hashes, quotes: 3, hashes: 0) ? 3 : 1
                            stack.append(.string(hashes: hashes, quotes: quotes))
                            multiline.append(quotes == 3)
                            position += hashes + quotes
                            continue
                        }
                        position += max(hashes, 1)
                        continue
                    }
                    position += 1
                case .string(let hashes, let quotes):
                    if current == UInt8(ascii: "\\"),
                        let interpolation = interpolationStart(at: position, hashes: hashes)
                    {
                        stack.append(.interpolation(depth: 1))
                        position = interpolation
                    } else if current == UInt8(ascii: "\\"), hashes == 0 {
                        position += 2
                    } else if current == UInt8(ascii: "\""), closes(at: position, quotes: quotes, hashes: hashes) {
                        stack.removeLast()
                        multiline.removeLast()
                        position += quotes + hashes
                    } else if current == UInt8(ascii: "\n"), quotes == 1 {
                        return position  // a single-line string ends at the line break: everything around it too
                    } else {
                        position += 1
                    }
                }
            }
            return min(position, bytes.count)
        }

        /// Whether `quotes` quotes then `hashes` `#`s start at `position`.
        private func closes(at position: Int, quotes: Int, hashes: Int) -> Bool {
            for offset in 0..<(quotes + hashes) {
                guard byte(at: position + offset) == UInt8(ascii: offset < quotes ? "\"" : "#") else { return false }
            }
            return true
        }
    }
}
