import Foundation
import MiddlewareSupport

/// Adds a business component to an app's package, from the app's templates, all or nothing.
///
/// ``plan(name:requires:provides:existingNames:)`` validates everything and computes every file in
/// memory; ``apply(_:interruption:)`` stages the new files next to their destinations, moves them in,
/// then rewrites the edited files. If any step fails, every step already taken is undone.
public struct Scaffolder: Sendable {
    /// The package's root folder.
    public let packageRoot: URL

    /// The edit that adds a component's entry to `list`, which `components.json` names at `layoutKey`.
    static func edit(
        of list: ComponentLayout.Scaffold.List, layoutKey: String = "scaffold.lists"
    ) -> ArrayLiteralEdit {
        let pattern = EntryPattern(entry: list.entry.text)
        return ArrayLiteralEdit(
            listName: "the list `\(list.declaration)` of \(list.file)",
            file: list.file,
            declaration: list.declaration,
            name: pattern.name(in:),
            shape: list.entry.text,
            layoutKey: layoutKey
        )
    }

    /// Adds the component's entry to `list` in `source`, in the list's own layout, and the import
    /// the list's file then needs.
    static func add(
        _ component: ComponentName, to list: ComponentLayout.Scaffold.List, in source: String,
        layoutKey: String = "scaffold.lists"
    ) throws(ScaffoldError) -> String {
        let listed = try edit(of: list, layoutKey: layoutKey).appending(
            list.entry.path(for: component.value), to: source)
        guard let module = list.module else { return listed }
        return try ImportEdit.adding(module.path(for: component.value), to: listed, in: list.file)
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
    ///   - requires: Declarations like `tagPage(noteId: String)`.
    ///   - provides: Declarations like `couponDetail(couponId: String)`.
    ///   - existingNames: The package's target and module names.
    ///   - asPackage: Whether the component is a package of its own, as the layout's `scaffold.package`
    ///     says one is made.
    ///   - existingPackages: The identities of the packages in the app's graph, which a component's own
    ///     package may not take (SwiftPM names a package by its folder's last part, lowercased).
    public func plan(
        name: String,
        requires: [String] = [],
        provides: [String] = [],
        existingNames: Set<String>,
        asPackage: Bool = false,
        existingPackages: Set<String> = []
    ) throws(ScaffoldError) -> ScaffoldPlan {
        // Without its layout the package is not an app this tool can add to: said first, in one line.
        let layout = try layout()
        guard let scaffold = layout.scaffold else {
            throw ScaffoldError(
                "\(ComponentLayout.fileName) has no \"scaffold\", so new-component does not know the files of a new"
                    + " component in this app; add one (\"Adopting the middleware\" in the middleware's reference says"
                    + " how), or write the component's API file by hand and derive the rest with new-component"
                    + " --regenerate; nothing was written")
        }
        let ownPackage = asPackage ? scaffold.ownPackage : nil
        if asPackage, ownPackage == nil {
            throw ScaffoldError(
                "\(ComponentLayout.fileName) has no \"scaffold.package\", so new-component does not know how a"
                    + " component of this app is a package of its own; add one (\"Adopting the middleware\" in the"
                    + " middleware's reference says how), or leave out --own-package; nothing was written")
        }
        let templates = try ComponentTemplate.templates(of: scaffold, in: packageRoot)
        // A move no template's file takes is a mistake in the layout, which would go unseen.
        for move in ownPackage?.moves ?? []
        where !templates.contains(where: { $0.path.text.hasPrefix(move.from.text + "/") }) {
            throw ScaffoldError(
                "\(ComponentLayout.fileName): scaffold.package.moves.\(move.from.text.visible): no template writes into"
                    + " '\(move.from.text.visible)'; name a folder of the templates' files; nothing was written")
        }
        // A second run for the same name gets the plain answer before the finer name checks: none of the
        // component's own files and folders (`ComponentTemplate.componentItems()`) may exist.
        let written = try ComponentName(name, existingNames: existingNames, reserved: scaffold.reserved)
        try refuseExisting(
            ComponentTemplate(
                name: written, interface: InterfaceDocument(), layout: layout, templates: templates,
                ownPackage: ownPackage
            ).componentItems(),
            of: written)
        let interface = try InterfaceDocument(requires: requires, provides: provides, baseTypes: baseTypes(in: layout))
        let template = ComponentTemplate(
            name: written, interface: interface, layout: layout, templates: templates,
            answerable: answerableTypes(in: layout), ownPackage: ownPackage)
        let files = try template.files()
        try refusePackageClash(files.map(\.path), existingPackages: existingPackages)
        let added = Set(scaffold.targets.map { $0.path(for: written.value) })
        try written.refuseClashes(
            adding: added.union(template.declaredTypes(in: files)), existingNames: existingNames,
            visibleTypes: visibleTypes(in: layout))
        let items = try movedItems(files.map(\.path))
        var edits: [ScaffoldPlan.Edit] = []
        let lists =
            scaffold.lists.enumerated().map { ("scaffold.lists", $0, $1) }
            + (ownPackage?.lists ?? []).enumerated().map { ("scaffold.package.lists", $0, $1) }
        for (key, number, list) in lists {
            // Two lists in one file make one edit.
            let index = edits.firstIndex { $0.path == list.file }
            let source: String
            if let index {
                source = edits[index].updated
            } else {
                try refuseOddFile(list.file, key: "\(key)[\(number)].file")
                source = try read(list.file)
            }
            let updated = try Self.add(written, to: list, in: source, layoutKey: key)
            if let index {
                edits[index].updated = updated
            } else {
                edits.append(.init(path: list.file, original: source, updated: updated))
            }
        }
        return ScaffoldPlan(
            component: written.value,
            newFiles: Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first }),
            edits: edits,
            derivedPaths: template.derivedPaths,
            movedItems: items,
            addedTargets: added,
            next: try template.next(scaffold.next)
        )
    }

    /// One template's text rendered for a component, as `new-component Name` renders the app's
    /// templates (``ComponentLayout/Scaffold/templates``), with the standard types only for the
    /// declarations' parameters (with `asPackage`, as `new-component Name --own-package` renders them);
    /// throws, naming `file` and the line, if the template cannot be read.
    public static func render(
        template text: String,
        file: String = "template",
        component: String,
        requires: [String] = [],
        provides: [String] = [],
        asPackage: Bool = false,
        layout: ComponentLayout
    ) throws(ScaffoldError) -> String {
        let template = try Template(text, file: file, schema: ComponentTemplate.schema)
        let interface = try InterfaceDocument(
            requires: requires, provides: provides, baseTypes: BaseTypes(concrete: [], hashable: []))
        let name = try ComponentName(component)
        let ownPackage = asPackage ? ComponentLayout.Scaffold.OwnPackage(moves: [], lists: []) : nil
        return template.render(
            ComponentTemplate(name: name, interface: interface, layout: layout, templates: [], ownPackage: ownPackage)
                .values)
    }

    /// The files and folders that place `paths` with one move each: for each path, its shortest part
    /// that does not exist yet (a new folder moves whole). Refuses a path that leads through a symbolic
    /// link or anything but a folder, which would put a file outside the package or where none fits.
    func movedItems(_ paths: [String]) throws(ScaffoldError) -> [String] {
        var items: Set<String> = []
        var status = stat()
        for path in paths {
            let parts = path.split(separator: "/")
            for end in 1...parts.count {
                let prefix = parts.prefix(end).joined(separator: "/")
                guard lstat(url(prefix).path, &status) == 0 else {
                    items.insert(prefix)
                    break
                }
                let kind = status.st_mode & S_IFMT
                guard end < parts.count, kind == S_IFDIR else {
                    let what =
                        kind == S_IFLNK ? "a symbolic link" : end == parts.count ? "already there" : "not a folder"
                    throw ScaffoldError(
                        "'\(prefix.visible)' is \(what), and the new component's \(path.visible) would go"
                            + " \(end == parts.count ? "in its place" : "through it"); make it a folder of the package"
                            + " or choose another name; nothing was written")
                }
            }
        }
        return items.sorted()
    }

    /// Refuses a new package (a new `Package.swift`) whose identity, its folder's last part lowercased,
    /// is the app's or that of a package in its graph: SwiftPM would stop on the two.
    private func refusePackageClash(_ paths: [String], existingPackages: Set<String>) throws(ScaffoldError) {
        let taken = existingPackages.union([packageRoot.lastPathComponent.lowercased()])
        for path in paths where path.split(separator: "/").last == "Package.swift" {
            let parts = path.split(separator: "/").dropLast()
            guard let folder = parts.last, taken.contains(folder.lowercased()) else { continue }
            throw ScaffoldError(
                "the new package in \(parts.joined(separator: "/").visible) would be '\(folder.lowercased())' to"
                    + " SwiftPM, which names a package after its folder, and the app's graph has a package of that"
                    + " name already; choose another name; nothing was written")
        }
    }

    /// Refuses a file the plan edits unless it is a regular file of the package, named by `key`.
    private func refuseOddFile(_ path: String, key: String) throws(ScaffoldError) {
        var status = stat()
        guard lstat(url(path).path, &status) == 0 else {
            throw ScaffoldError(
                "\(ComponentLayout.fileName): \(key): there is no file '\(path.visible)' in the package; name the"
                    + " file that lists the components; nothing was written")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let what = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw ScaffoldError(
                "\(ComponentLayout.fileName): \(key): '\(path.visible)' is \(what), which an edit would replace;"
                    + " name the file itself; nothing was written")
        }
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
    public func baseTypes() throws(ScaffoldError) -> BaseTypes {
        baseTypes(in: try layout())
    }

    /// ``baseTypes()`` from the folders `layout` names, read once by the caller.
    func baseTypes(in layout: ComponentLayout) -> BaseTypes {
        let folders = layout.scaffold?.baseTypes ?? []
        let declarations = folders.flatMap { TopLevelTypes(folder: url($0)).declarations }.filter {
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
    public func visibleTypes() throws(ScaffoldError) -> Set<String> {
        visibleTypes(in: try layout())
    }

    /// ``visibleTypes()`` from the folders `layout` names, read once by the caller.
    func visibleTypes(in layout: ComponentLayout) -> Set<String> {
        TopLevelTypes.names(
            under: (layout.scaffold?.visibleTypes ?? []).map(url),
            keptIn: url(".build/new-component/visible-types.txt"))
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
        // 3. Move the staged top-level items in, each with one rename into a folder that was there when
        // the plan was made (so a rollback leaves no folder behind).
        for item in plan.movedItems {
            try perform("move \(item) into place") {
                let destination = url(item)
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
