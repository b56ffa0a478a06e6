import MiddlewareSupport

/// A text template in a small subset of Mustache: what an app's scaffolding templates are written in.
///
/// - `{{name}}` is replaced by a value's text, as it is (no escaping: the output is Swift, not HTML).
/// - `{{#name}}…{{/name}}` renders its inside once per item of a list, or once if a flag is true;
///   `{{^name}}…{{/name}}` renders it once if the list is empty or the flag false. Inside a list's
///   section, the item's names come first, then the names outside it.
/// - `{{! … }}` is a comment.
/// - A line that holds only a section's tag or a comment, and spaces, is left out whole, so the tags
///   can stand on lines of their own.
///
/// Every name is checked against a ``Schema`` when the template is read, so a misspelt name, or a
/// list used as text, is refused at its line before anything is rendered, whatever the values.
struct Template {
    /// A value the template can name.
    enum Value {
        case text(String)
        case flag(Bool)
        case list([[String: Value]])
    }

    /// What a name stands for, where the template is read.
    indirect enum Kind: Sendable, Equatable {
        case text
        case flag
        /// A list whose items have these names.
        case list([String: Kind])
    }

    /// The names a template may use at its top level.
    typealias Schema = [String: Kind]

    private indirect enum Node {
        case text(String)
        case variable(String)
        case section(String, inverted: Bool, [Node])
    }

    /// The deepest nesting of sections read; deeper templates are refused, so none exhausts the stack.
    static let maximumDepth = 16

    private let nodes: [Node]

    /// Reads `text`; `file` names it in messages.
    init(_ text: String, file: String, schema: Schema) throws(ScaffoldError) {
        let parser = Parser(file: file)
        nodes = try parser.parse(text, schema: schema)
    }

    /// The text with every tag replaced by `values`, which must hold what the schema promised.
    func render(_ values: [String: Value]) -> String {
        var output = ""
        Self.render(nodes, in: [values], into: &output)
        return output
    }

    private static func render(_ nodes: [Node], in scopes: [[String: Value]], into output: inout String) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let name):
                if case .text(let text) = lookUp(name, in: scopes) { output += text }
            case .section(let name, let inverted, let inside):
                switch lookUp(name, in: scopes) {
                case .list(let items) where inverted:
                    if items.isEmpty { render(inside, in: scopes, into: &output) }
                case .list(let items):
                    for item in items {
                        render(inside, in: scopes + [item], into: &output)
                    }
                case .flag(let isSet) where isSet != inverted:
                    render(inside, in: scopes, into: &output)
                default:
                    break
                }
            }
        }
    }

    private static func lookUp(_ name: String, in scopes: [[String: Value]]) -> Value? {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    // MARK: Reading

    private struct Parser {
        let file: String

        /// A section being read: its name, kind, first line and the nodes read inside it so far.
        private struct Open {
            var name: String
            var inverted: Bool
            var line: Int
            var nodes: [Node] = []
            /// The names inside it: the item's and those outside.
            var scope: Schema
        }

        func parse(_ text: String, schema: Schema) throws(ScaffoldError) -> [Node] {
            var stack = [Open(name: "", inverted: false, line: 0, scope: schema)]
            var number = 0
            for line in Self.lines(of: text) {
                number += 1
                let pieces = try self.pieces(of: line, number: number)
                let tags = pieces.filter { if case .tag = $0 { true } else { false } }
                let isStandalone =
                    tags.count == 1
                    && pieces.allSatisfy {
                        switch $0 {
                        case .text(let text): text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" }
                        case .tag(let sigil, _): sigil != nil
                        }
                    }
                for piece in pieces {
                    switch piece {
                    case .text(let text):
                        if !isStandalone { stack[stack.count - 1].nodes.append(.text(text)) }
                    case .tag(let sigil, let name):
                        try apply(sigil, name, line: number, to: &stack)
                    }
                }
            }
            if stack.count > 1, let open = stack.last {
                throw error(
                    open.line, "{{\(open.inverted ? "^" : "#")\(open.name)}} is never closed; add {{/\(open.name)}}")
            }
            return stack[0].nodes
        }

        private func apply(
            _ sigil: Character?, _ name: String, line: Int, to stack: inout [Open]
        ) throws(ScaffoldError) {
            let scope = stack[stack.count - 1].scope
            switch sigil {
            case "!":
                return
            case "#", "^":
                guard let kind = scope[name] else { throw unknown(name, line: line, scope: scope) }
                guard kind != .text else {
                    throw error(
                        line, "{{\(sigil ?? "#")\(name)}}: '\(name)' is text, not a list or a flag; write {{\(name)}}")
                }
                if case .list = kind, sigil == "#", let outer = stack.first(where: { $0.name == name }) {
                    throw error(
                        line,
                        "{{#\(name)}} inside {{#\(name)}} of line \(outer.line) repeats every item for every item, so"
                            + " the file would grow as the items multiply; close the outer one first")
                }
                guard stack.count <= Template.maximumDepth else {
                    throw error(line, "sections nest deeper than \(Template.maximumDepth); flatten the template")
                }
                var inner = scope
                if case .list(let item) = kind, sigil == "#" {
                    inner.merge(item) { _, item in item }
                }
                stack.append(Open(name: name, inverted: sigil == "^", line: line, scope: inner))
            case "/":
                guard stack.count > 1, let open = stack.popLast() else {
                    throw error(line, "{{/\(name)}} closes no section; remove it")
                }
                guard open.name == name else {
                    throw error(
                        line,
                        "{{/\(name)}} closes {{\(open.inverted ? "^" : "#")\(open.name)}} of line \(open.line); close that one first"
                    )
                }
                stack[stack.count - 1].nodes.append(.section(name, inverted: open.inverted, open.nodes))
            default:
                guard let kind = scope[name] else { throw unknown(name, line: line, scope: scope) }
                guard kind == .text else {
                    throw error(line, "{{\(name)}}: '\(name)' is a list or a flag; write {{#\(name)}}…{{/\(name)}}")
                }
                stack[stack.count - 1].nodes.append(.variable(name))
            }
        }

        private enum Piece {
            case text(String)
            /// A tag: its sigil (`#`, `^`, `/`, `!`, or none for a variable) and its name.
            case tag(Character?, String)
        }

        /// The line's text and tags, in order; a tag must close on the line it opens.
        private func pieces(of line: Substring, number: Int) throws(ScaffoldError) -> [Piece] {
            var pieces: [Piece] = []
            var rest = line
            while let open = rest.firstRange(of: "{{") {
                if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
                guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                    throw error(number, "a tag opens with {{ and does not close on its line; close it with }}")
                }
                var inside = rest[open.upperBound..<close.lowerBound]
                rest = rest[close.upperBound...]
                var sigil: Character?
                if let first = inside.first, "#^/!".contains(first) {
                    sigil = first
                    inside = inside.dropFirst()
                }
                if sigil == "!" {
                    pieces.append(.tag("!", ""))
                    continue
                }
                let name = inside.trimmingCharacters(in: " ")
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                    throw error(
                        number,
                        "{{\(String(inside).visible(atMost: 40))}} is not a tag; a tag holds a name, e.g. {{Name}}")
                }
                pieces.append(.tag(sigil, name))
            }
            if !rest.isEmpty { pieces.append(.text(String(rest))) }
            return pieces
        }

        /// The lines of `text`, each with the line feed that ends it.
        private static func lines(of text: String) -> [Substring] {
            var lines: [Substring] = []
            var start = text.startIndex
            while let feed = text[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
                let end = text.index(after: feed)
                lines.append(text[start..<end])
                start = end
            }
            if start < text.endIndex { lines.append(text[start...]) }
            return lines
        }

        private func unknown(_ name: String, line: Int, scope: Schema) -> ScaffoldError {
            error(
                line,
                "'\(name.visible(atMost: 40))' names nothing here; the names here are \(scope.keys.sorted().joined(separator: ", "))"
            )
        }

        private func error(_ line: Int, _ problem: String) -> ScaffoldError {
            ScaffoldError("\(file):\(line): \(problem); nothing was written")
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
