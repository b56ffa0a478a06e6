import Foundation
import LayeringCheck
import MiddlewareSupport

/// Where an app keeps its components and what the code derived from their APIs must name: the app's
/// `components.json`, read by `new-component --regenerate` and `--check`.
///
/// Paths are relative to the package root and name a component by `{Name}`:
///
/// ```json
/// {
///   "api": "Features/{Name}/{Name}.swift",
///   "generated": "Features/{Name}/{Name}+Generated.swift",
///   "screen": { "type": "Page", "module": "NotesKit", "unavailable": "Page.unavailable" },
///   "stubAnswers": ["Sources/NotesKit"],
///   "preview": {
///     "answers": "Features/{Name}/Preview/{Name}Preview+AnsweredBy.swift",
///     "type": "{Name}Preview",
///     "router": "App/Routers/{Name}Router.swift"
///   }
/// }
/// ```
public struct ComponentLayout: Sendable, Equatable {
    /// The layout file's name at the package root.
    public static let fileName = "components.json"
    /// The largest layout file read: a few hundred bytes say everything it can say.
    static let maximumSize = 64 << 10
    /// The smallest layout file, as the message for a package without one shows it.
    static let example =
        #"{"api": "Sources/{Name}/{Name}.swift", "generated": "Sources/{Name}/{Name}+Generated.swift","#
        + #" "screen": {"type": "Page", "module": "AppBase", "unavailable": "Page.unavailable"}}"#

    /// Each component's API file, e.g. `Features/{Name}/{Name}.swift`: the app's components are the
    /// names for which it exists.
    public var api: PathPattern
    /// Where the derived API goes (the list of requires, the calling functions, the provides as
    /// values); it must be compiled into the component's own target.
    public var generated: PathPattern
    /// The type a require returns for a screen, e.g. `Page`.
    public var screenType: String
    /// The module that declares ``screenType``; the derived API imports it.
    public var screenModule: String
    /// What a calling function answers with when its require is not wired: an expression that takes
    /// the require's name (`"Notes.require_tagPage"`) and gives a ``screenType``, e.g.
    /// `.unavailable` or `Page.unavailable`.
    public var unavailable: String
    /// Folders whose types conform to `StubAnswer`, so a require may answer with them.
    public var stubAnswers: [String]
    /// The preview's derived file, if the app's components have previews.
    public var preview: Preview?
    /// How `new-component Name` adds a component, if the app has templates for one.
    public var scaffold: Scaffold?

    /// A component's preview: who answers each of its requires in the app, read from its router.
    public struct Preview: Sendable, Equatable {
        /// The preview's derived file: the answers, as an extension of ``type``.
        public var answers: PathPattern
        /// The preview's type, which the answers extend, e.g. `{Name}Preview`.
        public var type: PathPattern
        /// The component's router, whose wiring lines say who answers each require.
        public var router: PathPattern
    }

    /// How `new-component Name` adds a component: the files it writes, from the app's templates, and the
    /// entries it adds to lists the app keeps of its components.
    public struct Scaffold: Sendable, Equatable {
        /// The folder of templates, relative to the package root: each file in it, at any depth, is a
        /// new file at the same path relative to the package root, `{Name}` in the path replaced and a
        /// `.template` at its end removed; its text is a ``Template``.
        public var templates: String
        /// The targets the manifest declares for a component once its entries are added, e.g. `{Name}`
        /// and `{Name}Tests`: none may exist yet, in the package or the middleware's.
        public var targets: [PathPattern]
        /// Folders whose concrete public types a require's or provide's parameters may take.
        public var baseTypes: [String]
        /// Folders whose top-level types the new files see: the new component's types must not shadow
        /// them.
        public var visibleTypes: [String]
        /// Names a component may not take, each with the reason a refusal gives.
        public var reserved: [String: String]
        /// The lists of the app's components the new one is added to.
        public var lists: [List]
        /// What the command prints after adding a component, line by line: each a ``Template``, left out
        /// where it renders empty.
        public var next: [String]
        /// How `new-component Name --own-package` adds a component as a package of its own, if the app says.
        public var ownPackage: OwnPackage?

        /// A component in a package of its own: the same templates, rendered with `package` set (a
        /// template that then renders, such as the component's `Package.swift`, is written; one that
        /// renders blank is not), some of their folders moved into the component's, and more lists.
        public struct OwnPackage: Sendable, Equatable {
            /// Folders of the templates' files and where they go instead, e.g. `Tests/{Name}Tests` to
            /// `Features/{Name}/Tests/{Name}Tests`, where the component's package finds its tests.
            public var moves: [Move]
            /// The lists the component is added to besides ``Scaffold/lists``, e.g. the app's list of the
            /// components it depends on as packages.
            public var lists: [List]

            /// A folder of the templates' files and the folder they go to instead.
            public struct Move: Sendable, Equatable {
                /// The folder the templates write to, e.g. `Tests/{Name}Tests`.
                public var from: PathPattern
                /// Where its files go instead, e.g. `Features/{Name}/Tests/{Name}Tests`.
                public var to: PathPattern
            }

            /// `path`, a template's path pattern, moved where a component in a package of its own has it.
            public func moved(_ path: PathPattern) -> PathPattern {
                for move in moves where path.text == move.from.text || path.text.hasPrefix(move.from.text + "/") {
                    return PathPattern(text: move.to.text + path.text.dropFirst(move.from.text.count))
                }
                return path
            }
        }

        /// A list of the app's components in a file of the package: an array literal, one entry each.
        public struct List: Sendable, Equatable {
            /// The file, relative to the package root, e.g. `Package.swift`.
            public var file: String
            /// The declaration whose value the list is, e.g. `let components`.
            public var declaration: String
            /// The entry added for a new component, e.g. `("{Name}", wiresTo: [])`: where `{Name}` first
            /// stands says how every entry of the list names its component (``EntryPattern``).
            public var entry: PathPattern
            /// A module the file then imports, e.g. `{Name}Router`.
            public var module: PathPattern?
        }
    }

    /// A path, or a name, with `{Name}` standing for a component's name.
    public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
        /// The pattern as the layout file writes it.
        public var text: String

        /// The pattern with `{Name}` replaced by `component`.
        public func path(for component: String) -> String {
            text.replacingOccurrences(of: "{Name}", with: component)
        }

        public var description: String { text }
    }
}

// MARK: - Reading the layout file

extension ComponentLayout {
    /// Reads `components.json` at `root`; throws, naming the key at fault, if it is missing or wrong.
    public static func load(packageRoot root: URL) throws(ScaffoldError) -> ComponentLayout {
        let path = root.appendingPathComponent(fileName).path
        var status = stat()
        guard stat(root.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw ScaffoldError("there is no folder '\(root.path.visible(atMost: 200))'; give the app's package root")
        }
        guard lstat(root.appendingPathComponent("Package.swift").path, &status) == 0 else {
            throw ScaffoldError(
                "'\(root.path.visible(atMost: 200))' has no Package.swift; run from the app's package root, or give it"
                    + " with --package-path")
        }
        guard lstat(path, &status) == 0 else {
            throw ScaffoldError(
                "no \(fileName) in '\(root.path.visible)'; write one that says where the app's components are,"
                    + " e.g. \(example) (\"Adopting the middleware\" in the middleware's reference says more);"
                    + " nothing was written")
        }
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ScaffoldError("\(fileName) is not a regular file; make it one; nothing was written")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ScaffoldError("cannot read \(fileName): permission denied; nothing was written")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maximumSize + 1)) ?? Data()
        let layout = try parse(data)
        let folders =
            layout.stubAnswers.enumerated().map { ("stubAnswers[\($0)]", $1) }
            + (layout.scaffold?.baseTypes ?? []).enumerated().map { ("scaffold.baseTypes[\($0)]", $1) }
            + (layout.scaffold?.visibleTypes ?? []).enumerated().map { ("scaffold.visibleTypes[\($0)]", $1) }
        for (key, folder) in folders {
            guard stat(root.appendingPathComponent(folder).path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR
            else {
                throw ScaffoldError(
                    "\(fileName): \(key): there is no folder '\(folder.visible)' in the package; name"
                        + " a folder that is there; nothing was written")
            }
        }
        return layout
    }

    /// Parses a layout file's contents, naming the key of the first problem.
    public static func parse(_ data: Data) throws(ScaffoldError) -> ComponentLayout {
        func fail(_ key: String, _ problem: String) -> ScaffoldError {
            ScaffoldError("\(fileName): \(key): \(problem); nothing was written")
        }
        guard data.count <= maximumSize else {
            throw fail("(file)", "the file is over \(maximumSize) bytes")
        }
        // JSON in another encoding would pass the checks below, which read the bytes as UTF-8, unseen.
        guard String(validating: data, as: UTF8.self) != nil, !data.contains(0) else {
            throw fail("(file)", "not UTF-8 text; save it as UTF-8")
        }
        let inspection = JSONKeys.inspect(data)
        if let duplicate = inspection.duplicate {
            throw fail(duplicate.key.visible, "the key appears twice in one object (line \(duplicate.line)); keep one")
        }
        if let line = inspection.trailingCommaLine {
            throw fail("(file)", "a comma before a closing bracket on line \(line); JSON allows none")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            throw fail("(file)", "not a JSON object; write {\"api\": …, \"generated\": …, \"screen\": {…}}")
        }
        let reader = Reader(fail: fail)
        try reader.refuseUnknownKeys(
            in: root, known: ["api", "generated", "screen", "stubAnswers", "preview", "scaffold"], at: "")
        let screen = try reader.object(root["screen"], key: "screen")
        try reader.refuseUnknownKeys(in: screen, known: ["type", "module", "unavailable"], at: "screen.")
        let stubAnswers = try reader.strings(root["stubAnswers"] ?? [Any](), key: "stubAnswers")
        for (index, folder) in stubAnswers.enumerated() {
            try reader.refuseEscape(folder, key: "stubAnswers[\(index)]")
        }
        var preview: Preview?
        if let value = root["preview"] {
            let object = try reader.object(value, key: "preview")
            try reader.refuseUnknownKeys(in: object, known: ["answers", "type", "router"], at: "preview.")
            preview = Preview(
                answers: try reader.path(object["answers"], key: "preview.answers"),
                type: PathPattern(text: try reader.identifier(object["type"], key: "preview.type", pattern: true)),
                router: try reader.path(object["router"], key: "preview.router"))
        }
        let scaffold = try root["scaffold"].map { value throws(ScaffoldError) in try reader.scaffold(value) }
        let layout = ComponentLayout(
            api: try reader.path(root["api"], key: "api"),
            generated: try reader.path(root["generated"], key: "generated"),
            screenType: try reader.identifier(screen["type"], key: "screen.type"),
            screenModule: try reader.identifier(screen["module"], key: "screen.module"),
            unavailable: try reader.unavailable(screen["unavailable"], key: "screen.unavailable"),
            stubAnswers: stubAnswers,
            preview: preview,
            scaffold: scaffold)
        guard layout.generated != layout.api, layout.preview?.answers != layout.api,
            layout.preview?.answers != layout.generated
        else {
            throw fail("generated", "the derived files must each have a path of their own, not the API file's")
        }
        return layout
    }

    /// Reads the values of a layout file, each refused with the key it stands at.
    private struct Reader {
        let fail: (String, String) -> ScaffoldError

        func refuseUnknownKeys(in object: [String: Any], known: [String], at prefix: String) throws(ScaffoldError) {
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
                throw fail(prefix + unknown.visible, "unknown key; the keys here are \(list)")
            }
        }

        func object(_ value: Any?, key: String) throws(ScaffoldError) -> [String: Any] {
            guard let value else { throw fail(key, "missing") }
            guard let object = value as? [String: Any] else { throw fail(key, "must be an object") }
            return object
        }

        func string(_ value: Any?, key: String) throws(ScaffoldError) -> String {
            guard let value else { throw fail(key, "missing") }
            guard let text = value as? String else { throw fail(key, "must be a string") }
            guard !text.isEmpty else { throw fail(key, "is empty") }
            guard text.count <= 1_000 else { throw fail(key, "is over 1,000 characters") }
            guard !text.unicodeScalars.contains(where: \.isInvisible) else {
                throw fail(key, "holds a control character (\(text.visible)); remove it")
            }
            return text
        }

        func strings(_ value: Any, key: String, of what: String = "folders") throws(ScaffoldError) -> [String] {
            guard let values = value as? [Any] else { throw fail(key, "must be an array of \(what)") }
            return try values.enumerated().map { index, value throws(ScaffoldError) in
                try string(value, key: "\(key)[\(index)]")
            }
        }

        /// A path relative to the package root, inside it, with `{Name}` in it.
        func path(_ value: Any?, key: String) throws(ScaffoldError) -> PathPattern {
            let text = try string(value, key: key)
            try refuseEscape(text, key: key)
            guard text.contains("{Name}") else {
                throw fail(key, "'\(text)' does not name the component; write {Name} where its name goes")
            }
            let withoutName = text.replacingOccurrences(of: "{Name}", with: "")
            guard !withoutName.contains("{"), !withoutName.contains("}"), !withoutName.contains("*") else {
                throw fail(key, "'\(text)' has a placeholder other than {Name} or a *; only {Name} stands for a name")
            }
            guard text.hasSuffix(".swift") else { throw fail(key, "'\(text)' is not a .swift file") }
            return PathPattern(text: text)
        }

        /// The `scaffold` object.
        func scaffold(_ value: Any) throws(ScaffoldError) -> Scaffold {
            let object = try self.object(value, key: "scaffold")
            let keys = ["templates", "targets", "baseTypes", "visibleTypes", "reserved", "lists", "next", "package"]
            try refuseUnknownKeys(in: object, known: keys, at: "scaffold.")
            let templates = try string(object["templates"], key: "scaffold.templates")
            try refuseEscape(templates, key: "scaffold.templates")
            guard let targetsValue = object["targets"] else {
                throw fail("scaffold.targets", "missing; list the targets a component has, e.g. [\"{Name}\"]")
            }
            let targets = try strings(targetsValue, key: "scaffold.targets", of: "target names").enumerated().map {
                index, text throws(ScaffoldError) in
                let key = "scaffold.targets[\(index)]"
                guard text.contains("{Name}") else {
                    throw fail(key, "'\(text.visible)' does not name the component; write {Name} where its name goes")
                }
                return PathPattern(text: try identifier(text, key: key, pattern: true))
            }
            guard targets.contains(PathPattern(text: "{Name}")) else {
                throw fail("scaffold.targets", "has no \"{Name}\"; a component is a target of its own name")
            }
            var folders: [String: [String]] = [:]
            for key in ["baseTypes", "visibleTypes"] {
                folders[key] = try strings(object[key] ?? [Any](), key: "scaffold.\(key)")
                for (index, folder) in (folders[key] ?? []).enumerated() {
                    try refuseEscape(folder, key: "scaffold.\(key)[\(index)]")
                }
            }
            guard let reserved = (object["reserved"] ?? [String: Any]()) as? [String: Any] else {
                throw fail("scaffold.reserved", "must be an object of names and reasons")
            }
            var reasons: [String: String] = [:]
            for (name, reason) in reserved {
                let key = "scaffold.reserved.\(name.visible)"
                reasons[try identifier(name, key: key)] = try string(reason, key: key)
            }
            guard let lists = (object["lists"] ?? [Any]()) as? [Any] else {
                throw fail("scaffold.lists", "must be an array of objects")
            }
            return Scaffold(
                templates: templates,
                targets: targets,
                baseTypes: folders["baseTypes"] ?? [],
                visibleTypes: folders["visibleTypes"] ?? [],
                reserved: reasons,
                lists: try lists.enumerated().map { index, value throws(ScaffoldError) in
                    try list(value, key: "scaffold.lists[\(index)]")
                },
                next: try strings(object["next"] ?? [Any](), key: "scaffold.next", of: "lines"),
                ownPackage: try object["package"].map { value throws(ScaffoldError) in try ownPackage(value) })
        }

        /// The `scaffold.package` object.
        private func ownPackage(_ value: Any) throws(ScaffoldError) -> Scaffold.OwnPackage {
            let object = try self.object(value, key: "scaffold.package")
            try refuseUnknownKeys(in: object, known: ["moves", "lists"], at: "scaffold.package.")
            guard let moves = (object["moves"] ?? [String: Any]()) as? [String: Any] else {
                throw fail("scaffold.package.moves", "must be an object of folders and where they go instead")
            }
            let folders = try moves.keys.sorted().map { from throws(ScaffoldError) in
                let key = "scaffold.package.moves.\(from.visible)"
                return Scaffold.OwnPackage.Move(
                    from: try folder(from, key: key), to: try folder(string(moves[from], key: key), key: key))
            }
            // One move's folder inside another's would leave which applies to the order of the keys.
            for move in folders {
                if move.from == move.to {
                    throw fail(
                        "scaffold.package.moves.\(move.from.text.visible)", "moves the folder to itself; remove it")
                }
                if let outer = folders.first(where: { $0 != move && move.from.text.hasPrefix($0.from.text + "/") }) {
                    throw fail(
                        "scaffold.package.moves", "'\(move.from)' is inside '\(outer.from)', which moves already")
                }
            }
            guard let lists = (object["lists"] ?? [Any]()) as? [Any] else {
                throw fail("scaffold.package.lists", "must be an array of objects")
            }
            return Scaffold.OwnPackage(
                moves: folders,
                lists: try lists.enumerated().map { index, value throws(ScaffoldError) in
                    try list(value, key: "scaffold.package.lists[\(index)]")
                })
        }

        /// A folder relative to the package root, inside it, named by the component.
        private func folder(_ text: String, key: String) throws(ScaffoldError) -> PathPattern {
            guard !text.isEmpty, text.count <= 1_000, !text.unicodeScalars.contains(where: \.isInvisible) else {
                throw fail(key, "'\(text.visible)' is no folder; give one relative to the package root")
            }
            try refuseEscape(text, key: key)
            guard text.contains("{Name}") else {
                throw fail(key, "'\(text.visible)' does not name the component; write {Name} where its name goes")
            }
            guard !text.replacingOccurrences(of: "{Name}", with: "").contains(where: { "{}*".contains($0) }) else {
                throw fail(
                    key, "'\(text.visible)' has a placeholder other than {Name} or a *; only {Name} stands for a name")
            }
            return PathPattern(text: text)
        }

        /// One of `scaffold.lists`.
        private func list(_ value: Any, key: String) throws(ScaffoldError) -> Scaffold.List {
            let object = try self.object(value, key: key)
            try refuseUnknownKeys(in: object, known: ["file", "list", "entry", "import"], at: "\(key).")
            let file = try string(object["file"], key: "\(key).file")
            try refuseEscape(file, key: "\(key).file")
            let declaration = try string(object["list"], key: "\(key).list")
            let words = declaration.split(separator: " ")
            guard !words.isEmpty,
                words.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } })
            else {
                throw fail("\(key).list", "'\(declaration.visible)' is not a declaration's words, e.g. let components")
            }
            let entry = try string(object["entry"], key: "\(key).entry")
            guard entry.contains("{Name}") else {
                throw fail(
                    "\(key).entry", "'\(entry.visible)' does not name the component; write {Name} where its name goes")
            }
            guard !entry.contains("\n"), !entry.contains("\r") else {
                throw fail("\(key).entry", "holds a line break; an entry is one line")
            }
            // A string literal in an entry is the name alone, so the string the app reads is the name.
            let outsideName = entry.replacingOccurrences(of: "\"{Name}\"", with: "")
            guard !outsideName.contains("\""), !outsideName.contains("\\") else {
                throw fail(
                    "\(key).entry",
                    "'\(entry.visible)' has a string literal other than \"{Name}\" or a backslash; an entry's"
                        + " only string is the component's name, as \"{Name}\"")
            }
            let module = try object["import"].map { value throws(ScaffoldError) in
                PathPattern(text: try identifier(value, key: "\(key).import", pattern: true))
            }
            return Scaffold.List(
                file: file, declaration: words.joined(separator: " "), entry: PathPattern(text: entry), module: module)
        }

        /// A relative path that stays inside the package, without `"` or `\`, since paths are quoted in
        /// generated code and messages.
        func refuseEscape(_ text: String, key: String) throws(ScaffoldError) {
            guard !text.contains("\""), !text.contains("\\") else {
                throw fail(key, "'\(text.visible)' holds a quote or a backslash, which no path here needs; remove it")
            }
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard !text.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), !parts.contains(".") else {
                throw fail(
                    key,
                    "'\(text.visible)' must be a path inside the package, relative to its root, without . or .."
                        + " or empty parts")
            }
        }

        /// A Swift identifier, or with `pattern`, one in which `{Name}` stands for the component's name.
        func identifier(_ value: Any?, key: String, pattern: Bool = false) throws(ScaffoldError) -> String {
            let text = try string(value, key: key)
            let plain = pattern ? text.replacingOccurrences(of: "{Name}", with: "Name") : text
            guard Self.isIdentifier(plain) else {
                throw fail(key, "'\(text.visible)' is not a Swift name\(pattern ? " ({Name} may stand in it)" : "")")
            }
            return text
        }

        /// A function the calling function's fallback calls with the require's name: `.name`, or a
        /// type's static member, `Type.name`.
        func unavailable(_ value: Any?, key: String) throws(ScaffoldError) -> String {
            let text = try string(value, key: key)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let isMember = parts.count == 2 && (parts[0].isEmpty || Self.isIdentifier(parts[0]))
            guard isMember, Self.isIdentifier(parts[1]) else {
                throw fail(
                    key,
                    "'\(text.visible)' is not a function a screen comes from; write .name (a static"
                        + " function of the screen type) or Type.name")
            }
            return text
        }

        /// Whether `text` is a name Swift code can use as it is: an identifier, not a keyword, not `_`.
        static func isIdentifier(_ text: some StringProtocol) -> Bool {
            guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else {
                return false
            }
            return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
                && text != "_" && !Signature.keywords.contains(String(text))
                && !ComponentName.keywords.contains(String(text)) && !["Type", "init", "self"].contains(String(text))
        }
    }
}

// MARK: - Finding the components

extension ComponentLayout {
    /// The app's components: every name for which ``api`` names a file, sorted.
    ///
    /// The first part of the path that holds `{Name}` is matched against the folder above it, so
    /// `Features/{Name}/{Name}.swift` finds `Features/Notes/Notes.swift`, and
    /// `Features/{Name}Feature/API.swift` finds `Features/NotesFeature/API.swift`.
    public func components(in root: URL) -> [String] {
        let parts = api.text.split(separator: "/").map(String.init)
        guard let index = parts.firstIndex(where: { $0.contains("{Name}") }) else { return [] }
        let folder = root.appendingPathComponent(parts[..<index].joined(separator: "/"))
        let part = parts[index]
        let pieces = part.components(separatedBy: "{Name}")
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return entries.compactMap { entry -> String? in
            guard entry.hasPrefix(pieces[0]), entry.hasSuffix(pieces[pieces.count - 1]),
                entry.count > pieces[0].count + pieces[pieces.count - 1].count
            else { return nil }
            let name = String(entry.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
            guard part.replacingOccurrences(of: "{Name}", with: name) == entry else { return nil }
            var status = stat()
            let file = root.appendingPathComponent(api.path(for: name)).path
            guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            // A derived file the pattern also matches (`Flat/{Name}.swift` and `Flat/{Name}Generated.swift`)
            // is no component's API.
            return Self.isGenerated(file) ? nil : name
        }.sorted()
    }

    /// The first line every derived file starts with.
    static let generatedMark = "// Generated by `swift run new-component --regenerate`"

    /// Whether the file at `path` has a line that starts with ``generatedMark`` in its first 64 KB: a
    /// derived file, also one a merge left conflict markers above.
    static func isGenerated(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = String(decoding: (try? handle.read(upToCount: 64 << 10)) ?? Data(), as: UTF8.self)
        return start.hasPrefix(generatedMark) || start.contains("\n" + generatedMark)
    }

    /// Whether `name`, found where the API pattern names a component, can be one: an UpperCamelCase
    /// Swift name that is no keyword.
    static func isComponentName(_ name: String) -> Bool {
        Reader.isIdentifier(name) && name.first?.isUppercase == true
    }
}
