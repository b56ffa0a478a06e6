import Foundation
import MiddlewareSupport

/// The files of a new component, rendered from the app's templates (``ComponentLayout/Scaffold``) with
/// its name and interface document, and the derived files its API file gives.
///
/// Each template's text is a ``Template``; the names it may use are ``schema``'s.
struct ComponentTemplate {
    let name: ComponentName
    let interface: InterfaceDocument
    /// Where the derived files go and the screen type they name.
    let layout: ComponentLayout
    /// The app's templates, by the path pattern of the file each writes.
    let templates: [Source]
    /// The app's types a stub can answer with besides the screen type and the standard library's.
    var answerable: Set<String> = []
    /// How the component is a package of its own, if it is one (`new-component Name --own-package`).
    var ownPackage: ComponentLayout.Scaffold.OwnPackage?

    private var component: String { name.value }

    /// The largest template read, and the most templates: a component's files are a few kilobytes each.
    static let maximumTemplateSize = 1 << 20
    static let maximumTemplateCount = 500
    /// The ending a template's file name may have, which its new file's name has not: it keeps a
    /// template out of the tools that read the app's `.swift` files (the formatter, the compiler).
    static let templateExtension = ".template"

    /// Reads every template of `scaffold` in the package at `root`; throws, naming the file, if one
    /// cannot be read or uses a name the schema has not. Hidden files and folders (a `.DS_Store`) are
    /// no templates.
    static func templates(of scaffold: ComponentLayout.Scaffold, in root: URL) throws(ScaffoldError) -> [Source] {
        let folder = root.appendingPathComponent(scaffold.templates)
        var status = stat()
        guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            let problem =
                lstat(folder.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
                ? "'\(scaffold.templates.visible)' is a symbolic link; name the folder itself"
                : "there is no folder '\(scaffold.templates.visible)' in the package; make it, with a template for"
                    + " each file of a new component"
            throw ScaffoldError(
                "\(ComponentLayout.fileName): scaffold.templates: \(problem); nothing was written")
        }
        let fileManager = FileManager.default
        guard let enumerator = fileManager.enumerator(atPath: folder.path) else {
            throw ScaffoldError("cannot read the templates in '\(scaffold.templates.visible)'; nothing was written")
        }
        var templates: [Source] = []
        var seen: [String: String] = [:]
        while let relative = enumerator.nextObject() as? String {
            let file = "\(scaffold.templates)/\(relative)"
            let path = folder.appendingPathComponent(relative).path
            guard lstat(path, &status) == 0 else { continue }
            if relative.split(separator: "/").last?.hasPrefix(".") == true {
                if status.st_mode & S_IFMT == S_IFDIR { enumerator.skipDescendants() }
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFREG: break
            default:
                throw ScaffoldError("\(file.visible) is not a regular file; a template is one; nothing was written")
            }
            guard templates.count < maximumTemplateCount else {
                throw ScaffoldError(
                    "\(scaffold.templates.visible) holds over \(maximumTemplateCount) templates; nothing was written")
            }
            guard !relative.unicodeScalars.contains(where: { $0.isInvisible || $0 == "\"" || $0 == "\\" }) else {
                throw ScaffoldError(
                    "\(file.visible): a control character, a quote or a backslash in the path, which no file of a"
                        + " component needs; rename it; nothing was written")
            }
            let destination =
                relative.hasSuffix(templateExtension) ? String(relative.dropLast(templateExtension.count)) : relative
            guard let name = destination.split(separator: "/").last, !name.isEmpty,
                destination.split(separator: "/").contains(where: { $0.contains("{Name}") })
            else {
                throw ScaffoldError(
                    "\(file.visible): the path does not name the component, so a second component would write"
                        + " over the first one's file; put {Name} in the file's or a folder's name; nothing was written"
                )
            }
            if let other = seen.updateValue(file, forKey: destination) {
                throw ScaffoldError(
                    "\(other.visible) and \(file.visible) both write \(destination.visible); keep one; nothing was"
                        + " written")
            }
            guard status.st_size <= maximumTemplateSize, let data = fileManager.contents(atPath: path),
                data.count <= maximumTemplateSize
            else {
                throw ScaffoldError(
                    "\(file.visible) is over \(maximumTemplateSize) bytes or cannot be read; nothing was written")
            }
            guard let text = String(validating: data, as: UTF8.self), !data.contains(0) else {
                throw ScaffoldError("\(file.visible) is not UTF-8 text; save it as UTF-8; nothing was written")
            }
            templates.append(
                Source(
                    path: .init(text: destination), template: try Template(text, file: file, schema: schema), file: file
                ))
        }
        return templates.sorted { $0.path.text < $1.path.text }
    }

    /// One template: the path pattern of the file it writes, its text read, and its own path.
    struct Source {
        var path: ComponentLayout.PathPattern
        var template: Template
        var file: String
    }

    /// Where the component's own files and folders go, each path up to the first part that names the
    /// component (`Features/Reminders` for `Features/Reminders/Data/Item.swift`), its derived files'
    /// included: none may exist before the component is added.
    func componentItems() -> [String] {
        let patterns = templates.map(path(of:)) + [layout.generated] + (layout.preview.map { [$0.answers] } ?? [])
        return Set(
            patterns.map { pattern in
                let parts = pattern.text.split(separator: "/")
                let end = (parts.firstIndex { $0.contains("{Name}") } ?? parts.count - 1) + 1
                return parts.prefix(end).joined(separator: "/").replacingOccurrences(of: "{Name}", with: component)
            }
        ).sorted()
    }

    /// The new files, by path relative to the package root: each template rendered (one that renders
    /// to blank lines only is no file), then the derived files of its API file.
    func files() throws(ScaffoldError) -> [(path: String, contents: String)] {
        let values = self.values
        var files: [(path: String, contents: String)] = []
        var writers: [String: String] = [:]
        for source in templates {
            let text = source.template.render(values)
            guard text.contains(where: { !$0.isWhitespace }) else { continue }
            let path = path(of: source).path(for: component)
            // `Ab{Name}` and `{Name}Ab` are one file for the component `Ab`.
            if let other = writers.updateValue(source.file, forKey: path) {
                throw ScaffoldError(
                    "\(other.visible) and \(source.file.visible) both write \(path.visible) for \(component); rename"
                        + " one, or choose another name; nothing was written")
            }
            files.append((path, path.hasSuffix(".swift") ? Self.sortingImports(text) : text))
        }
        let apiPath = layout.api.path(for: component)
        guard let apiFile = files.first(where: { $0.path == apiPath })?.contents else {
            throw ScaffoldError(
                "the templates write no \(apiPath), the component's API file as \(ComponentLayout.fileName) says;"
                    + " add a template for \(layout.api) to \(templates.isEmpty ? "the templates' folder" : "them");"
                    + " nothing was written")
        }
        try refuseUnanswerable()
        let api = try ComponentAPIFile(source: apiFile, file: apiPath)
        try refuseTwice(api)
        let router = layout.preview.flatMap { preview in
            files.first { $0.path == preview.router.path(for: component) }?.contents
        }
        let derived = try DerivedFiles(
            component: component, api: api, router: router, layout: layout, components: [component]
        ).files(answerable: answerable)
        let written = Set(files.map(\.path))
        if let clash = derived.first(where: { written.contains($0.path) }) {
            throw ScaffoldError(
                "a template writes \(clash.path), which new-component derives; remove that template;"
                    + " nothing was written")
        }
        return files + derived
    }

    /// The path pattern of the file `source` writes, where a component in a package of its own has it.
    private func path(of source: Source) -> ComponentLayout.PathPattern {
        ownPackage?.moved(source.path) ?? source.path
    }

    /// Refuses a require whose return type no stub can answer, by its declaration: the API file it
    /// would be read from is not written yet.
    private func refuseUnanswerable() throws(ScaffoldError) {
        let types = answerable.union(DerivedFiles.standardAnswers)
        for require in interface.requires {
            guard let type = require.returnType,
                !DerivedFiles.isAnswerable(type, screenType: layout.screenType, by: types)
            else { continue }
            let known = ([layout.screenType] + types.subtracting([layout.screenType]).sorted()).joined(separator: ", ")
            throw ScaffoldError(
                "'\(require.written)' returns '\(type)', which no stub can answer (a preview and the tests answer"
                    + " every require with one); return one of \(known) or an array of one; nothing was written")
        }
    }

    /// Refuses a declaration the templates write as well, which the API file would then declare twice.
    private func refuseTwice(_ api: ComponentAPIFile) throws(ScaffoldError) {
        for provide in interface.provides where api.provides.filter({ $0.name == provide.name }).count > 1 {
            throw ScaffoldError(
                "'\(provide.name)' is a provide the app's templates write anyway; rename yours; nothing was written")
        }
        for require in interface.requires where api.requires.filter({ $0.name == require.name }).count > 1 {
            throw ScaffoldError(
                "'\(require.name)' is a require the app's templates write anyway; rename yours; nothing was written")
        }
    }

    /// What to do next, the lines of `scaffold.next` rendered for this component, without those that
    /// render empty; a line that cannot be read is refused as the files' templates are.
    func next(_ lines: [String]) throws(ScaffoldError) -> String {
        var rendered: [String] = []
        for (index, line) in lines.enumerated() {
            let file = "\(ComponentLayout.fileName): scaffold.next[\(index)]"
            let text = try Template(line, file: file, schema: Self.schema).render(values)
            if !text.isEmpty { rendered.append(text) }
        }
        return rendered.joined(separator: "\n")
    }

    /// The paths of the component's derived files.
    var derivedPaths: Set<String> {
        Set(DerivedFiles.paths(of: component, in: layout))
    }

    /// The top-level types the new files declare: the component's own types.
    func declaredTypes(in files: [(path: String, contents: String)]) -> Set<String> {
        let pattern = TopLevelTypes.declarationPattern()
        return Set(
            files.filter { $0.path.hasSuffix(".swift") }.flatMap {
                TopLevelTypes.declarations(in: $0.contents, matching: pattern).map(\.name)
            })
    }

    // MARK: The names a template uses

    /// What a template may name: the component, the screen type, and its requires and provides.
    static let schema: Template.Schema = [
        "Name": .text, "name": .text, "host": .text, "screenType": .text, "screenModule": .text, "package": .flag,
        "hasRequires": .flag, "hasProvides": .flag, "hasSampledRequires": .flag, "hasDemonstrableRequires": .flag,
        "requires": .list(signature), "provides": .list(signature),
    ]

    /// A require's or a provide's names: `member` is its name after `require_` or `provide_`.
    static let signature: Template.Schema = [
        "member": .text, "Member": .text, "written": .text, "closureType": .text, "parameterList": .text,
        "async": .flag, "hasSamples": .flag, "sampleArguments": .text, "sampleCall": .text,
        "sampleCallInString": .text, "parameters": .list(parameter), "first": .flag, "last": .flag,
        "returnType": .text, "returnsScreen": .flag, "demonstrable": .flag,
    ]

    /// A parameter's names; its sample is empty where the signature has no samples (`hasSamples`).
    static let parameter: Template.Schema = [
        "label": .text, "type": .text, "sample": .text, "sampleText": .text, "first": .flag, "last": .flag,
    ]

    /// The values of ``schema`` for this component.
    var values: [String: Template.Value] {
        [
            "Name": .text(component), "name": .text(name.lowerCamel), "host": .text(component.lowercased()),
            "screenType": .text(layout.screenType), "screenModule": .text(layout.screenModule),
            "package": .flag(ownPackage != nil), "hasRequires": .flag(!interface.requires.isEmpty),
            "hasProvides": .flag(!interface.provides.isEmpty),
            "hasSampledRequires": .flag(interface.requires.contains { $0.sampleArguments != nil }),
            "hasDemonstrableRequires": .flag(
                interface.requires.contains {
                    $0.sampleArguments != nil && ($0.returnType == nil || $0.returnType == layout.screenType)
                }),
            "requires": .list(Self.items(interface.requires, screenType: layout.screenType)),
            "provides": .list(Self.items(interface.provides, screenType: layout.screenType)),
        ]
    }

    private static func items(_ signatures: [Signature], screenType: String) -> [[String: Template.Value]] {
        signatures.enumerated().map { index, written in
            // The screen type written out (`-> Page`) is a screen as much as no return type.
            var signature = written
            if signature.returnType == screenType { signature.returnType = nil }
            let samples = signature.sampleArguments
            let arguments = samples ?? signature.parameters.map { _ in "" }
            let labelled = zip(signature.parameters, arguments).map { "\($0.label): \($1)" }
            return [
                "member": .text(signature.name),
                "Member": .text(signature.name.prefix(1).uppercased() + signature.name.dropFirst()),
                "written": .text(signature.written),
                "closureType": .text(signature.closureType(returning: screenType)),
                "parameterList": .text(signature.parameterList),
                "async": .flag(signature.isAsync),
                "hasSamples": .flag(samples != nil),
                "sampleArguments": .text(arguments.joined(separator: ", ")),
                "sampleCall": .text(labelled.joined(separator: ", ")),
                // Inside a string literal, as a stub that records the call shows it.
                "sampleCallInString": .text(
                    labelled.joined(separator: ", ").replacingOccurrences(of: "\"", with: #"\""#)),
                "parameters": .list(
                    zip(signature.parameters, arguments).enumerated().map { position, pair in
                        [
                            "label": .text(pair.0.label), "type": .text(pair.0.type), "sample": .text(pair.1),
                            "sampleText": .text(pair.1.withoutQuotes),
                            "first": .flag(position == 0), "last": .flag(position == signature.parameters.count - 1),
                        ]
                    }),
                "first": .flag(index == 0),
                "last": .flag(index == signatures.count - 1),
                "returnType": .text(signature.returnType ?? screenType),
                "returnsScreen": .flag(signature.returnType == nil),
                // A require a screen can call with samples and show what it answers.
                "demonstrable": .flag(samples != nil && signature.returnType == nil),
            ]
        }
    }

    /// The text with each run of `import` lines in the order `swift format` wants: a template cannot
    /// sort its component's module among the others.
    static func sortingImports(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        while start < lines.count {
            guard lines[start].hasPrefix("import ") else {
                start += 1
                continue
            }
            let end = lines[start...].firstIndex { !$0.hasPrefix("import ") } ?? lines.count
            lines[start..<end].sort()
            start = end
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// A sample argument as it appears inside a string literal: `"sample-id"` becomes `sample-id`.
    fileprivate var withoutQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
