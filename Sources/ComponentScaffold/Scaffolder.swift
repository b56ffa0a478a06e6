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
    static let routerRegistryPath = "Shell/Routers/Routers.swift"
    static let basePath = "Sources/\(ComponentTemplate.baseModule)"

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
        let component = try ComponentName(name, existingNames: existingNames)
        let interface = try InterfaceDocument(
            requires: requires,
            provides: provides,
            entryProvide: "\(component.lowerCamel)Home",
            knownTypes: knownTypes()
        )
        let manifest = try read(Self.manifestPath)
        let registry = try read(Self.routerRegistryPath)
        let template = ComponentTemplate(name: component, interface: interface)
        let newFiles = Dictionary(
            template.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        for path in ["Components/\(component)", "Tests/\(component)Tests"] + newFiles.keys.sorted()
        where FileManager.default.fileExists(atPath: url(path).path) {
            throw ScaffoldError(
                "'\(path)' already exists; \(component) seems to be there already, so nothing was changed")
        }
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
            ]
        )
    }

    /// The public types of the base layer, which requires and provides may take as parameters.
    public func knownTypes() -> Set<String> {
        let folder = url(Self.basePath)
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var types: Set<String> = ["Screen"]
        let kinds = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        for file in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else {
                continue
            }
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" }
                )
                guard let publicIndex = words.firstIndex(of: "public"), publicIndex + 2 < words.count,
                    kinds.contains(String(words[publicIndex + 1]))
                else { continue }
                types.insert(String(words[publicIndex + 2]))
            }
        }
        return types
    }

    /// Adds `"Name",` as the last entry of the manifest's `let components = [ … ]` list.
    static func addComponent(_ component: ComponentName, toManifest manifest: String) throws(ScaffoldError) -> String {
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingSpaces().hasPrefix("let components = [") }),
            let end = lines[start...].firstIndex(where: { $0.trimmingSpaces().hasPrefix("]") })
        else {
            throw ScaffoldError(
                "Package.swift has no `let components = [ … ]` list to add '\(component)' to; add the component by hand"
                    + " (CONTRIBUTING.md, 'Adding a component')"
            )
        }
        let entries = lines[(start + 1)..<end]
        if entries.contains(where: { $0.contains("\"\(component)\"") }) {
            throw ScaffoldError("'\(component)' is already in the components list of Package.swift")
        }
        let indentation = entries.last.map { String($0.prefix { $0 == " " }) } ?? "    "
        lines.insert("\(indentation)\"\(component)\",", at: end)
        return lines.joined(separator: "\n")
    }

    /// Adds `NameRouter(),` after the last router of `Routers.all()`.
    static func addRouter(_ component: ComponentName, toRegistry registry: String) throws(ScaffoldError) -> String {
        var lines = registry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let last = lines.lastIndex(where: { $0.trimmingSpaces().hasSuffix("Router(),") }) else {
            throw ScaffoldError(
                "\(routerRegistryPath) has no list of routers to add \(component)Router() to; register it by hand"
            )
        }
        let indentation = String(lines[last].prefix { $0 == " " })
        lines.insert("\(indentation)\(component)Router(),", at: last + 1)
        return lines.joined(separator: "\n")
    }

    // MARK: Applying

    /// Writes the plan, all or nothing.
    ///
    /// - Parameter interruption: Called before each step with its index; a throw simulates a failure
    ///   there (tests use it to prove the rollback).
    public func apply(_ plan: ScaffoldPlan, interruption: ((Int) throws -> Void)? = nil) throws(ScaffoldError) {
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
                throw ScaffoldError("could not \(description): \(error); every change was rolled back")
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
        // 2. Check the edited files did not change since planning.
        for edit in plan.edits {
            try perform("check \(edit.path)") {
                guard (try? String(contentsOf: url(edit.path), encoding: .utf8)) == edit.original else {
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
    }

    /// The smallest set of paths whose moves place every new file: a new component folder moves whole.
    static func topLevelItems(of paths: Dictionary<String, String>.Keys) -> [String] {
        var items: Set<String> = []
        for path in paths {
            let parts = path.split(separator: "/")
            let isInNewFolder = (parts.first == "Components" || parts.first == "Tests") && parts.count > 2
            items.insert(isInNewFolder ? parts.prefix(2).joined(separator: "/") : path)
        }
        return items.sorted()
    }

    // MARK: Files

    private func url(_ path: String) -> URL {
        packageRoot.appendingPathComponent(path)
    }

    private func read(_ path: String) throws(ScaffoldError) -> String {
        guard let data = FileManager.default.contents(atPath: url(path).path) else {
            throw ScaffoldError("cannot read \(path) in '\(packageRoot.path)'; run from the root of the mall package")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
