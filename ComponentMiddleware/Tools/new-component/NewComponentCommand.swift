import ComponentScaffold
import Foundation
import LayeringCheck
import MiddlewareSupport

/// `new-component`: adds a business component to an app's package in one step, all or nothing, from the
/// app's templates; derives and checks the code each component's API file implies.
@main
enum NewComponentCommand {
    static let usage = """
        OVERVIEW: Add a business component to an app: the files its templates write, the entries of the
        app's lists of components, and the code derived from the component's API file. The app's
        components.json says where each goes (see "Adopting the middleware" in the middleware's reference).

        USAGE: new-component <Name> [--require <declaration>]... [--provide <declaration>]...
                             [--interface <file.json>] [--own-package] [--package-path <path>] [--dry-run]
               new-component --regenerate [--package-path <path>]
               new-component --check [--package-path <path>]

        ARGUMENTS:
          <Name>                  UpperCamelCase, e.g. Coupon; not a keyword, standard module or existing target.

        OPTIONS:
          --require <declaration> Something the component needs, e.g. 'itemDetail(itemId: String)'.
                                  It becomes a require_ closure a router must wire; until then the
                                  wiring audit names it. End it with 'async throws' for a require
                                  answered later: 'ticket(note: String) async throws', and with
                                  '-> Type' for one that returns data, not a screen:
                                  'tags(noteId: String) async throws -> [String]'.
          --provide <declaration> Something the component offers, e.g. 'couponDetail(couponId: String)'.
                                  It becomes a provide_ function, as the app's templates write one.
          --interface <file>      Read declarations from JSON: {"requires": [...], "provides": [...]}.
          --own-package           Make the component a package of its own, built and tested alone,
                                  which the app depends on by path (components.json's scaffold.package
                                  says how).
          --package-path <path>   The package to change (default: the current folder).
          --dry-run               Print what would be created and changed; write nothing.
          --regenerate            Rewrite every component's derived files from its API file and router:
                                  the list of requires, the function each require is called through,
                                  the provides as values, and the preview's answers, where
                                  components.json puts them. Run it after adding or changing a require.
          --check                 List the derived files that are stale, writing nothing.
          -h, --help              Show this help.

        Parameter types: String, Character, Int…UInt64, Double, Float, Bool; the concrete public types of
        the folders components.json names in scaffold.baseTypes; [T], Array<T>, T?, Optional<T>, [K: V],
        Dictionary<K, V>, Set<K> (keys: those scalars or the base layer's ids and enums).

        As a plugin: swift package --allow-writing-to-package-directory new-component Coupon

        EXIT STATUS: 0 created (or planned with --dry-run; with --regenerate, written; with --check, up to
        date), 1 with --check, some derived file is stale, 2 usage error or refused: nothing was written.
        """

    struct Options {
        var name: String?
        var requires: [String] = []
        var provides: [String] = []
        var interfacePath: String?
        var packagePath = "."
        /// The package's target names, when the caller knows them (the plugin passes them); otherwise
        /// they are read with `swift package describe`. Internal, so not in the help.
        var existingTargets: Set<String>?
        /// The identities of the packages in the graph, when the caller knows them (the plugin passes
        /// them); otherwise, for `--own-package`, read with `swift package describe`. Internal too.
        var existingPackages: Set<String>?
        var isDryRun = false
        /// `--own-package`: the component as a package of its own.
        var asPackage = false
        var showsHelp = false
        /// `--regenerate` or `--check`: the derived files of every component, not a new component.
        var derivedFilesMode: String?
    }

    /// The only place the process ends: everything below returns its status or throws.
    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Runs the command and returns the exit status; a refusal is printed here, once, and leaves the
    /// package as it was.
    static func run(_ arguments: [String]) -> ExitCode {
        do {
            return try run(try parse(arguments))
        } catch let error as UsageError {
            writeError(error.description)
        } catch let error as ScaffoldError {
            // A refusal of what the package holds, or a failed write: the usage would not help.
            writeError("Error: \(error.message)")
        } catch {
            writeError(UsageError("\(error)", program: program).description)
        }
        return .usage
    }

    static let program = "new-component"

    private static func run(_ options: Options) throws -> ExitCode {
        var options = options
        if options.showsHelp {
            try write(usage + "\n", what: "the help")
            return .success
        }
        if let mode = options.derivedFilesMode {
            return try derivedFiles(mode, options: options)
        }
        guard let name = options.name else {
            throw UsageError("a component name is required, e.g. new-component Coupon", program: program)
        }
        if let interfacePath = options.interfacePath {
            guard let data = FileManager.default.contents(atPath: interfacePath) else {
                throw ScaffoldError("cannot read the interface document '\(interfacePath)'")
            }
            let declarations = try InterfaceDocument.declarations(fromJSON: data, file: interfacePath)
            options.requires = declarations.requires + options.requires
            options.provides = declarations.provides + options.provides
        }
        let root = URL(fileURLWithPath: options.packagePath)
        // A package without a layout is refused at once, before the package is described.
        _ = try ComponentLayout.load(packageRoot: root)
        let targetNames = TargetNames(packageRoot: root)
        let existing = try options.existingTargets ?? knownNames(packagePath: options.packagePath, kept: targetNames)
        let scaffolder = Scaffolder(packageRoot: root)
        let plan = try scaffolder.plan(
            name: name,
            requires: options.requires,
            provides: options.provides,
            existingNames: existing,
            asPackage: options.asPackage,
            existingPackages: options.asPackage
                ? try options.existingPackages ?? packageIdentities(packagePath: options.packagePath) : []
        )
        let summary = report(plan, isDryRun: options.isDryRun) + "\n"
        if options.isDryRun {
            try write(summary)
        } else {
            try scaffolder.apply(
                plan,
                report: {
                    // Inside `apply`, the failure reads "could not report the new component: <reason>".
                    if let code = Output.writeAll(summary, to: STDOUT_FILENO) {
                        throw ScaffoldError(Output.reason(code).lowercased())
                    }
                })
            // The next addition reads the names from here instead of describing the package again.
            if options.existingTargets == nil {
                targetNames.keep(existing.union(plan.addedTargets))
            }
            // The derived files stay as generated, so `new-component --check` finds them current.
            let derived = plan.derivedPaths
            format(
                plan.newFiles.keys.sorted().filter { $0.hasSuffix(".swift") && !derived.contains($0) }.map {
                    root.appendingPathComponent($0).path
                })
        }
        return .success
    }

    /// Reads the arguments. A mistake anywhere is reported even when `--help` is also given.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments, program: program, repeatable: ["--require", "--provide"])
        while let argument = try reader.next() {
            switch argument {
            case "--require": options.requires.append(try reader.value(of: argument))
            case "--provide": options.provides.append(try reader.value(of: argument))
            case "--interface": options.interfacePath = try reader.value(of: argument)
            case "--package-path": options.packagePath = try reader.value(of: argument)
            case "--existing-targets":
                options.existingTargets = Set(try reader.value(of: argument).split(separator: ",").map(String.init))
            case "--existing-packages":
                options.existingPackages = Set(try reader.value(of: argument).split(separator: ",").map(String.init))
            case "--dry-run":
                options.isDryRun = true
            case "--own-package":
                options.asPackage = true
            case "--regenerate", "--check":
                if let other = options.derivedFilesMode {
                    throw reader.error("\(other) and \(argument) cannot be used together")
                }
                options.derivedFilesMode = argument
            case "-h", "--help":
                options.showsHelp = true
            case "--package":
                // `swift package … --package` is SwiftPM's own option, so the plugin never sees this one.
                throw reader.error("unknown option '--package'; did you mean '--own-package'?")
            case _ where argument.hasPrefix("-"):
                throw reader.unknown(argument, among: spellings)
            default:
                guard options.name == nil else {
                    throw reader.error("one component at a time: got '\(options.name ?? "")' and '\(argument)'")
                }
                options.name = argument
            }
        }
        if let mode = options.derivedFilesMode {
            let conflicting = [
                options.name.map { "a component name ('\($0)')" }, options.requires.isEmpty ? nil : "--require",
                options.provides.isEmpty ? nil : "--provide", options.interfacePath.map { _ in "--interface" },
                options.isDryRun ? "--dry-run" : nil, options.asPackage ? "--own-package" : nil,
            ]
            if let first = conflicting.compactMap({ $0 }).first {
                throw reader.error("\(mode) works on every component already there; remove \(first)")
            }
        }
        return options
    }

    /// Every option the help lists, for "did you mean".
    static let spellings = [
        "--require", "--provide", "--interface", "--own-package", "--package-path", "--dry-run", "--regenerate",
        "--check",
        "--help",
    ]

    /// Writes to standard output, waiting for a slow reader; a failure is thrown (and, after
    /// `apply`, rolls the whole change back).
    static func write(_ text: String, what: String = "to standard output") throws(ScaffoldError) {
        if let code = Output.writeAll(text, to: STDOUT_FILENO) {
            throw ScaffoldError(
                "cannot write \(what == "the help" ? "the help to standard output" : what) (\(Output.reason(code)))")
        }
    }

    /// Writes a line to standard error; if even that fails, there is nowhere left to say so.
    static func writeError(_ line: String) {
        _ = Output.writeAll(line + "\n", to: STDERR_FILENO)
    }

    /// `--regenerate` or `--check`; returns the exit status.
    static func derivedFiles(_ mode: String, options: Options) throws(ScaffoldError) -> ExitCode {
        let scaffolder = Scaffolder(packageRoot: URL(fileURLWithPath: options.packagePath))
        let lines: [String]
        let status: ExitCode
        if mode == "--check" {
            let stale = try scaffolder.staleDerivedFiles()
            status = stale.isEmpty ? .success : .findings
            lines =
                stale.isEmpty
                ? ["Every derived file is up to date."]
                : stale.map { "\($0.path): \($0.exists ? "stale" : "missing")" }
                    + [
                        "\(stale.count) derived file\(stale.count == 1 ? " is" : "s are") stale; run 'swift run new-component --regenerate'."
                    ]
        } else {
            let written = try scaffolder.regenerate()
            status = .success
            lines = written.isEmpty ? ["Every derived file is up to date."] : written.map { "Wrote \($0)" }
        }
        try write(lines.joined(separator: "\n") + "\n")
        return status
    }

    /// Lays the generated files out as the package's `.swift-format` wants, with the toolchain's formatter.
    ///
    /// The files build either way; long declarations make lines the formatter breaks. A formatter that is
    /// missing or fails leaves them as generated, with a warning.
    static func format(_ files: [String]) {
        let outcome = try? Subprocess.run(["swift", "format", "format", "--in-place"] + files, mergingErrors: true)
        guard let outcome, outcome.status == 0 else {
            writeError("warning: `swift format` did not run on the new files; they build, but run it before committing")
            return
        }
    }

    /// The package's target and module names: those kept for its manifest as it is, else from
    /// `swift package describe`, then kept.
    static func knownNames(packagePath: String, kept: TargetNames) throws(ScaffoldError) -> Set<String> {
        if let names = kept.kept() { return names }
        let names = try existingNames(packagePath: packagePath)
        kept.keep(names)
        return names
    }

    /// The package described with the packages it depends on, kept where the layering check keeps it;
    /// refused when SwiftPM cannot read those packages, whose names a component may not take.
    static func describedWithPackages(packagePath: String) throws(ScaffoldError) -> PackageGraph {
        let graph: PackageGraph
        do throws(LayeringCheckError) {
            graph = try PackageLoader.describe(
                packagePath: packagePath,
                cache: URL(fileURLWithPath: packagePath).appendingPathComponent(".build/layering-check"))
        } catch {
            throw ScaffoldError(error.description)
        }
        if let problem = graph.packagesProblem {
            throw ScaffoldError(
                "cannot read the packages this one depends on, whose names a component may not take (\(problem));"
                    + " fix that first (swift build says more); nothing was written")
        }
        return graph
    }

    /// The identities of the packages in the package's graph, from `swift package describe`.
    static func packageIdentities(packagePath: String) throws(ScaffoldError) -> Set<String> {
        Set((try describedWithPackages(packagePath: packagePath).packages ?? []).map { $0.identity.lowercased() })
    }

    /// The target and module names of the package and of every package it depends on (target names are
    /// unique across the graph, as the plugin's list says too), from `swift package describe`.
    static func existingNames(packagePath: String) throws(ScaffoldError) -> Set<String> {
        let graph = try describedWithPackages(packagePath: packagePath)
        let others = (graph.packages ?? []).flatMap(\.targets.keys)
        return Set(
            graph.targets.flatMap { [$0.name, $0.moduleName] }
                + others.flatMap { [$0, DependencyPackage.moduleName(of: $0)] })
    }

    static func report(_ plan: ScaffoldPlan, isDryRun: Bool) -> String {
        let verb = isDryRun ? "Would create" : "Created"
        var lines = ["\(verb) component \(plan.component):"]
        lines += plan.newFiles.keys.sorted().map { "  + \($0)" }
        lines.append(isDryRun ? "Would update:" : "Updated:")
        lines += plan.edits.map { "  ~ \($0.path)" }
        let next = plan.next.trimmingCharacters(in: .whitespacesAndNewlines)
        if !isDryRun && !next.isEmpty {
            lines += ["", next]
        }
        return lines.joined(separator: "\n")
    }
}
