import Foundation

/// Adds a business component to a package laid out like this one, all or nothing.
///
/// ``plan(name:requires:provides:existingNames:)`` validates everything and computes every file in
/// memory; ``apply(_:interruption:)`` stages the new files next to their destinations, moves them in,
/// then rewrites the edited files. If any step fails, every step already taken is undone.
public struct Scaffolder: Sendable {
    /// The package's root folder.
    public let packageRoot: URL

    /// The manifest and the router registry the scaffolder edits, relative to the package root.
    static let manifestPath = "Package.swift"
    static let routerRegistryPath = "Shell/Launch/Routers.swift"
    static let basePath = "Sources/\(ComponentTemplate.baseModule)"
    /// The folders whose top-level types the generated code can see: a component must not shadow them.
    static let visibleFolders = [
        "Sources/MallBase", "Sources/MallNavigator", "ComponentMiddleware/Sources/Middleware",
        "ComponentMiddleware/Sources/MiddlewareTesting", "Tests/MallTestSupport", "Shell",
    ]

    /// The manifest's `let components = [ … ]`, one `("Name", wiresTo: ["Other", …])` per entry.
    static var componentsList: ArrayLiteralEdit {
        let names = ComponentNames()
        return ArrayLiteralEdit(
            listName: "the `let components = [ … ]` list of Package.swift",
            file: "Package.swift",
            anchorStart: "let components",
            startsLine: true,
            anchor:
                #/
                let \  components
                (?: \s* : \s* \[ \s* \( \s* name \s* : \s* String \s* ,
                    \s* wiresTo \s* : \s* \[ \s* String \s* \] \s* \) \s* \] )?
                \s* = \s*
                /#,
            name: names.name(inEntry:)
        )
    }

    /// Reads the component's name from the manifest's components-list entries: as `new-component` writes
    /// them byte by byte, any other spacing by a pattern compiled the first time one needs it.
    final class ComponentNames {
        lazy var pattern =
            #/
            \( \s* "([A-Za-z_][A-Za-z0-9_]*)" \s* , \s* wiresTo \s* : \s*
            \[ \s* (?: "[A-Za-z_][A-Za-z0-9_]*" \s* (?: , \s* "[A-Za-z_][A-Za-z0-9_]*" \s* )* ,? \s* )? \] \s* \)
            /#

        /// The name `entry` lists, if it is an entry of the list.
        func name(inEntry entry: Substring) -> Substring? {
            PlainEntry.componentName(in: entry) ?? entry.wholeMatch(of: pattern).map(\.output.1)
        }
    }

    /// The registry's list `Routers.entries`, one `RouterEntry("Name") { NameRouter(links: $0) }` per
    /// component; each router's module is imported above it.
    static var routerList: ArrayLiteralEdit {
        let entries = RouterEntries()
        return ArrayLiteralEdit(
            listName: "the list of routers in \(routerRegistryPath)",
            file: routerRegistryPath,
            anchorStart: "static let entries",
            startsLine: false,
            anchor: #/static let entries\s*:\s*\[RouterEntry\]\s*=\s*/#,
            name: entries.name(inEntry:)
        )
    }

    /// Tells the registry's entries as ``ComponentNames`` reads the manifest's.
    final class RouterEntries {
        lazy var pattern =
            #/
            RouterEntry \( \s* "[A-Za-z_][A-Za-z0-9_]*" \s* \) \s*
            \{ \s* [A-Za-z_][A-Za-z0-9_]*Router \( \s* links \s* : \s* \$0 \s* \) \s* \}
            /#

        /// Whether `entry` is an entry of the registry.
        private func isEntry(_ entry: Substring) -> Bool {
            PlainEntry.isRouterEntry(entry) || entry.wholeMatch(of: pattern) != nil
        }

        /// The component an entry of the registry names, `Shop` in `RouterEntry("Shop") { … }`; `nil` for
        /// text that is not an entry.
        func name(inEntry entry: Substring) -> Substring? {
            guard isEntry(entry), let open = entry.firstIndex(of: "\"") else { return nil }
            let rest = entry[entry.index(after: open)...]
            return rest.firstIndex(of: "\"").map { rest[..<$0] }
        }
    }

    /// Creates a scaffolder for the package at `packageRoot`.
    public init(packageRoot: URL) {
        self.packageRoot = packageRoot.standardizedFileURL
    }

    // MARK: Planning

    /// Validates the request and computes every change; throws, writing nothing, if anything is wrong.
    ///
    /// - Parameters:
    ///   - name: The component's name, e.g. `Coupon`.
    ///   - requires: Declarations like `shopDetail(shopId: ShopID)`.
    ///   - provides: Declarations like `couponDetail(couponId: String)`.
    ///   - existingNames: The package's target and module names.
    public func plan(
        name: String,
        requires: [String] = [],
        provides: [String] = [],
        existingNames: Set<String>
    ) throws(ScaffoldError) -> ScaffoldPlan {
        // Without its layout the package is not an app this tool can add to: said first, in one line.
        let layout = try layout()
        guard FileManager.default.fileExists(atPath: url(Self.routerRegistryPath).path) else {
            throw ScaffoldError(
                "new-component Name writes the mall's layout, which this package does not have (it adds to"
                    + " \(Self.routerRegistryPath) and to the components list of Package.swift); write a new"
                    + " component's files by hand, then derive the rest with new-component --regenerate; nothing"
                    + " was written")
        }
        // A second run for the same name gets the plain answer before the finer name checks. With the
        // routes' and the router's folders, these are the top-level items a plan moves in
        // (`topLevelItems(of:)`): none may exist.
        let written = try ComponentName(name, existingNames: existingNames)
        try refuseExisting(["Components/\(written)", "Tests/\(written)Tests"], of: written)
        let component = try ComponentName(name, existingNames: existingNames, visibleTypes: visibleTypes())
        try refuseExisting(["Shell/Routes/\(component)", "Shell/Routers/\(component)"], of: component)
        let interface = try InterfaceDocument(
            requires: requires,
            provides: provides,
            entryProvide: "\(component.lowerCamel)Home",
            baseTypes: baseTypes()
        )
        let manifest = try read(Self.manifestPath)
        let registry = try read(Self.routerRegistryPath)
        let template = ComponentTemplate(name: component, interface: interface, layout: layout)
        let newFiles = Dictionary(
            try template.files().map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        return ScaffoldPlan(
            component: component.value,
            newFiles: newFiles,
            edits: [
                .init(
                    path: Self.manifestPath, original: manifest,
                    updated: try Self.addComponent(component, toManifest: manifest)),
                .init(
                    path: Self.routerRegistryPath,
                    original: registry,
                    updated: try Self.addRouter(component, toRegistry: registry)
                ),
            ],
            derivedPaths: template.derivedPaths
        )
    }

    private func refuseExisting(_ paths: [String], of component: ComponentName) throws(ScaffoldError) {
        let fileManager = FileManager.default
        for path in paths {
            // Not `fileExists`, which follows a symbolic link and calls a dangling one absent.
            guard let attributes = try? fileManager.attributesOfItem(atPath: url(path).path) else { continue }
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                let target = (try? fileManager.destinationOfSymbolicLink(atPath: url(path).path)) ?? "?"
                let leads = fileManager.fileExists(atPath: url(path).path) ? "" : ", which leads nowhere"
                throw ScaffoldError(
                    "'\(path)' is in the way: a symbolic link to '\(ComponentName.printable(target))'\(leads);"
                        + " remove it or choose another name; nothing was changed")
            }
            throw ScaffoldError(
                "'\(path)' already exists; \(component) seems to be there already, so nothing was changed")
        }
    }

    /// The base layer's concrete types, which requires and provides may take as parameters; a generic
    /// one (`Loadable<Model>`) is not a type without its arguments, which a declaration cannot give.
    public func baseTypes() -> BaseTypes {
        let declarations = TopLevelTypes(folder: url(Self.basePath)).declarations.filter {
            ["struct", "enum", "class"].contains($0.kind) && $0.header.contains("public ")
                && !$0.header.contains("\($0.name)<")
        }
        return BaseTypes(
            concrete: Set(declarations.filter { !$0.isUninhabited }.map(\.name)),
            hashable: Set(
                declarations.filter { $0.header.contains("Hashable") || $0.header.contains("Identifier") }.map(\.name)),
            uninhabited: Set(declarations.filter(\.isUninhabited).map(\.name))
        )
    }

    /// The top-level types the generated code can see in this package.
    ///
    /// The names are kept beside the build (`.build/new-component/visible-types.txt`), file by
    /// file, so each addition reads only the files that changed since the last one.
    public func visibleTypes() -> Set<String> {
        TopLevelTypes.names(
            under: Self.visibleFolders.map(url), keptIn: url(".build/new-component/visible-types.txt"))
    }

    /// Adds `("Name", wiresTo: [])` to the manifest's `let components = [ … ]` list, in the list's own
    /// layout: a new component's router wires to no other component yet.
    static func addComponent(_ component: ComponentName, toManifest manifest: String) throws(ScaffoldError) -> String {
        try componentsList.appending("(\"\(component)\", wiresTo: [])", to: manifest)
    }

    /// Adds `RouterEntry("Name") { NameRouter(links: $0) }` to the registry's list `Routers.entries`, and
    /// `import NameRouter` to its imports.
    static func addRouter(_ component: ComponentName, toRegistry registry: String) throws(ScaffoldError) -> String {
        let listed = try routerList.appending(
            "RouterEntry(\"\(component)\") { \(component)Router(links: $0) }", to: registry)
        return try ImportEdit.adding("\(component)Router", to: listed, in: routerRegistryPath)
    }

    // MARK: Applying

    /// Writes the plan, all or nothing.
    ///
    /// - Parameters:
    ///   - interruption: Called before each step with its index; a throw simulates a failure there
    ///     (tests use it to prove the rollback).
    ///   - report: The last step, e.g. telling the user what was done: if it fails, so does the whole.
    public func apply(
        _ plan: ScaffoldPlan,
        interruption: ((Int) throws -> Void)? = nil,
        report: (() throws -> Void)? = nil
    ) throws(ScaffoldError) {
        let fileManager = FileManager.default
        let staging = packageRoot.appendingPathComponent(".new-component-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: staging) }
        var undo: [() -> Void] = []
        var step = 0

        func perform(_ description: String, _ action: () throws -> Void) throws(ScaffoldError) {
            do {
                try interruption?(step)
                step += 1
                try action()
            } catch {
                for revert in undo.reversed() {
                    revert()
                }
                throw ScaffoldError("could not \(description): \(Self.reason(error)); every change was rolled back")
            }
        }

        // 1. Stage every new file; nothing in the package changes yet.
        for (path, contents) in plan.newFiles.sorted(by: { $0.key < $1.key }) {
            try perform("stage \(path)") {
                let destination = staging.appendingPathComponent(path)
                try fileManager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: destination)
            }
        }
        // 2. Hold the package (another run's edits cannot land between this check and step 4), then
        // check the edited files did not change since planning.
        var lock: PackageLock?
        try perform("lock the package folder") { lock = try PackageLock(folder: packageRoot) }
        defer { withExtendedLifetime(lock) {} }
        for edit in plan.edits {
            try perform("check \(edit.path)") {
                guard (try? read(edit.path)) == edit.original else {
                    throw ScaffoldError("\(edit.path) changed while the component was being prepared")
                }
            }
        }
        // 3. Move the staged top-level items in, each with one rename.
        for item in Self.topLevelItems(of: plan.newFiles.keys) {
            try perform("move \(item) into place") {
                let destination = url(item)
                try fileManager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fileManager.moveItem(at: staging.appendingPathComponent(item), to: destination)
                undo.append { try? fileManager.removeItem(at: destination) }
            }
        }
        // 4. Rewrite the edited files atomically.
        for edit in plan.edits {
            try perform("update \(edit.path)") {
                try Data(edit.updated.utf8).write(to: url(edit.path), options: .atomic)
                undo.append { try? Data(edit.original.utf8).write(to: url(edit.path), options: .atomic) }
            }
        }
        // 5. Report it; a report that cannot be written undoes the change it would have described.
        if let report {
            try perform("report the new component", report)
        }
    }

    /// What went wrong, in a few words: the system's reason, not a dump of the error's fields.
    static func reason(_ error: any Error) -> String {
        if let error = error as? ScaffoldError { return error.message }
        let error = error as NSError
        if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain,
            let text = strerror(Int32(posix.code))
        {
            return String(cString: text).lowercased()
        }
        let text = error.localizedDescription
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// The smallest set of paths whose moves place every new file: a new component folder moves whole.
    static func topLevelItems(of paths: Dictionary<String, String>.Keys) -> [String] {
        var items: Set<String> = []
        for path in paths {
            let parts = path.split(separator: "/")
            // `Components/<Name>`, `Tests/<Name>Tests`, `Shell/Routes/<Name>`, `Shell/Routers/<Name>`.
            let depth = parts.first == "Shell" ? 3 : 2
            items.insert(parts.count > depth ? parts.prefix(depth).joined(separator: "/") : path)
        }
        return items.sorted()
    }

    // MARK: Files

    func url(_ path: String) -> URL {
        packageRoot.appendingPathComponent(path)
    }

    func read(_ path: String) throws(ScaffoldError) -> String {
        guard let data = FileManager.default.contents(atPath: url(path).path) else {
            throw ScaffoldError("cannot read \(path) in '\(packageRoot.path)'; run from the app's package root")
        }
        if let text = String(validating: data, as: UTF8.self) {
            return text
        }
        // Repaired text would be read without a word: name the line of the first bad byte instead.
        var bytes = data.makeIterator()
        var decoder = UTF8()
        var line = 1
        var afterCarriageReturn = false
        // A line ends at a line feed, a carriage return and line feed, or a carriage return alone.
        while case .scalarValue(let scalar) = decoder.decode(&bytes) {
            if scalar == "\n" || afterCarriageReturn { line += 1 }
            afterCarriageReturn = scalar == "\r"
        }
        if afterCarriageReturn { line += 1 }
        throw ScaffoldError("\(path):\(line): this line is not UTF-8 text; save the file as UTF-8")
    }
}
