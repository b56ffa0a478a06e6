/// The files derived from a component's API file (and, for the preview, its router), never edited by
/// hand: `new-component --regenerate` writes them and `new-component --check` fails when one is stale.
/// Where they go, and the screen type they name, come from the app's ``ComponentLayout``.
///
/// - The derived API (``ComponentLayout/generated``, e.g. `Features/<Name>/<Name>+Generated.swift`): the
///   list of requires the audit walks and the stubs answer (``ComponentAPIFile/Require``), one function
///   per require that calls it or falls back to the screen naming it, and the provides as values
///   (`<Name>.Provides`) routes and wiring lines open.
/// - The preview's answers (``ComponentLayout/Preview``), if the app's components have previews: who
///   answers each require in the app, read from the router's wiring lines, for the preview's stub screens.
///
/// The files are generated, not formatted: `swift format` leaves them alone and its lint skips them.
struct DerivedFiles {
    /// The most parameters a require may take: the middleware's `AnyRequire` has one initializer per
    /// count, for the stubs of previews and tests.
    static let maximumParameters = 6
    /// The standard library's types the middleware answers stubs with (its `StubAnswer` conformances),
    /// so a require may answer with them in any app.
    static let standardAnswers: Set<String> = ["String", "Int", "Double", "Bool"]

    let component: String
    let api: ComponentAPIFile
    /// The router's source, if the component has one yet.
    let router: String?
    let layout: ComponentLayout
    /// Every component of the app, so a route's owner in a wiring line can be told from the app's own pages.
    let components: Set<String>

    var apiPath: String { layout.api.path(for: component) }
    var routerPath: String? { layout.preview?.router.path(for: component) }
    var paths: [String] { Self.paths(of: component, in: layout) }

    static func paths(of component: String, in layout: ComponentLayout) -> [String] {
        [layout.generated.path(for: component)] + (layout.preview.map { [$0.answers.path(for: component)] } ?? [])
    }

    /// The derived files, by path relative to the package root.
    ///
    /// - Parameter answerable: The types besides the screen type and the standard library's a stub can
    ///   answer with (those of the app that conform to `StubAnswer`); a require answering anything else
    ///   is refused.
    func files(answerable: Set<String>) throws(ScaffoldError) -> [(path: String, contents: String)] {
        let answerable = answerable.union(Self.standardAnswers)
        for require in api.requires where !isAnswerable(require.answer, by: answerable) {
            let known = ([layout.screenType] + answerable.subtracting([layout.screenType]).sorted())
                .joined(separator: ", ")
            throw ScaffoldError(
                "\(apiPath):\(require.line): require_\(require.name) answers '\(require.answer)',"
                    + " which no stub can answer; answer one of \(known) or an array of one, or make the type"
                    + " conform to StubAnswer in the base layer")
        }
        var files = [(paths[0], try generated())]
        if let preview = layout.preview {
            files.append((preview.answers.path(for: component), answeredByFile(preview)))
        }
        return files
    }

    /// Whether a stub can answer `type`: the screen type, an answerable type, or an array of either.
    func isAnswerable(_ type: String, by answerable: Set<String>) -> Bool {
        Self.isAnswerable(type, screenType: layout.screenType, by: answerable)
    }

    /// Whether a stub can answer `type`: `screenType`, an answerable type, or an array of either.
    static func isAnswerable(_ type: String, screenType: String, by answerable: Set<String>) -> Bool {
        if type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":") {
            return isAnswerable(
                String(type.dropFirst().dropLast()).trimmingSpaces, screenType: screenType, by: answerable)
        }
        return type == screenType || answerable.contains(type)
    }

    private func header(from source: String) -> String {
        """
        \(ComponentLayout.generatedMark) from \(source); do not edit.
        // `swift run new-component --check` (run by the tests and by CI) fails when this file is stale.
        """
    }

    // MARK: The component's derived API

    private func generated() throws(ScaffoldError) -> String {
        let requires = api.requires
        let sorted = requires.map { "require_\($0.name)" }.sorted()
        let entries = requires.map { require in
            let labels = require.parameters.map { "\"\($0.label)\"" }.joined(separator: ", ")
            return "        AnyRequire(Requires.\(require.name), labels: [\(labels)]),"
        }
        var text = """
            \(header(from: "\(component).swift"))

            \(imports)

            extension \(component): ComponentAPI {
                /// The component's name, as the audit and stub screens spell it.
                public static let componentName = "\(component)"

                /// \(component)'s requires, in the order its API declares them: previews and tests answer this
                /// list with stubs, and the wiring graph walks it.
            \(Self.arrayLiteral("public static let allRequires: [AnyRequire]", entries))

                /// How many requires \(component) declares: each value in `Requires` carries its place among them.
                @inlinable public static var requireCount: Int { \(requires.count) }

                /// The names of \(component)'s requires, sorted, as the audit reports them.
            \(Self.arrayLiteral("public static let requireNames: [String]", sorted.map { "        \"\($0)\"," }))

                /// The names of \(component)'s requires that are `nil`, sorted: what the audit reports.
                ///
                /// Inlinable, as ``unwireEveryRequire()`` and the values in `Requires` are: a router's wiring and
                /// the audit then run in the router's own code, one run of it for every component, instead of
                /// calling into each component's module, whose code lies scattered among its screens'.
                @inlinable public var unwiredRequires: [String] {
            \(Self.unwiredTest(sorted))
                }\(Self.unwiredNames(sorted))

                /// Sets every require of \(component) to `nil`: the component as no router has wired it yet.
                @inlinable public func unwireEveryRequire() {
            \(requires.map { "        self.require_\($0.name) = nil" }.joined(separator: "\n"))
                }
            }

            """
        if !requires.isEmpty {
            text += """

                // MARK: - Requires, as a router's wiring lines name them

                extension \(component) {
                    /// \(component)'s requires as values, each named after its property without `require_`:
                    /// the list of requires and a line written by hand name one (`\(component).Requires.\(requires[0].name)`).
                    @MainActor
                    public enum Requires {
                \(requires.enumerated().map(requireValue).joined(separator: "\n\n"))
                    }
                }

                // MARK: - Requires, as \(component)'s screens call them

                extension \(component) {
                \(requires.map(callingFunction).joined(separator: "\n\n"))
                }

                """
        }
        text += """

            // MARK: - Every require, as a router answers them

            extension Wiring where Owner.Component == \(component) {
            \(everyRequireFunction(requires))
            }

            """
        let provides = try providesAsValues()
        if !provides.isEmpty {
            text += """

                // MARK: - Provides, as values the app's routes and wiring lines open

                extension \(component) {
                    /// \(component)'s public provides whose arguments are plain values, each named after its
                    /// declaration; an overloaded name adds each overload's labels, whatever their order.
                    public enum Provides {
                \(provides.joined(separator: "\n\n"))
                    }
                }

                """
        }
        return text
    }

    /// The derived API's imports: the screen's module and the middleware, sorted as swift format sorts.
    private var imports: String {
        Set([layout.screenModule, "Middleware"]).sorted().map { "import \($0)" }.joined(separator: "\n")
    }

    /// `declaration = [...]`, one entry per line, or `[]` without entries.
    private static func arrayLiteral(_ declaration: String, _ entries: [String]) -> String {
        guard !entries.isEmpty else { return "    \(declaration) = []" }
        return "    \(declaration) = [\n\(entries.joined(separator: "\n"))\n    ]"
    }

    /// The audit's test of the requires: one short test per require, in one run of code, as a launch
    /// finds every require wired; the lines that name each hole are ``unwiredNames(_:)``'s.
    private static func unwiredTest(_ sortedNames: [String]) -> String {
        guard !sortedNames.isEmpty else { return "        []" }
        let anyNil = sortedNames.enumerated().map { index, name in
            (index == 0 ? "            self." : "                || self.") + "\(name) == nil"
        }
        return (["        guard"] + anyNil + ["        else { return [] }", "        return namesOfUnwiredRequires()"])
            .joined(separator: "\n")
    }

    /// The function that names the holes the test found, in sorted order, kept out of the inlined test
    /// (empty without requires).
    private static func unwiredNames(_ sortedNames: [String]) -> String {
        guard !sortedNames.isEmpty else { return "" }
        let tests = sortedNames.map { "        if self.\($0) == nil { unwired.append(\"\($0)\") }" }
        // Starts a paragraph of its own after the test's closing brace.
        return """


                /// The names of the requires that are `nil`, sorted, once the test has found one.
                @usableFromInline func namesOfUnwiredRequires() -> [String] {
                    var unwired: [String] = []
            \(tests.joined(separator: "\n"))
                    return unwired
                }
            """
    }

    /// The ``Require`` the list of requires names `require` by: its place among the requires, and two closures
    /// that read and assign it.
    private func requireValue(_ index: Int, _ require: ComponentAPIFile.Require) -> String {
        let name = "require_\(require.name)"
        return """
                    /// `\(component).\(name)`.
                    @inlinable public static var \(require.name): Require<\(component), \(require.closureType)> {
                        .init("\(name)", index: \(index), get: { $0.\(name) }, set: { $0.\(name) = $1 })
                    }
            """
    }

    /// `requires(…)`, which a router's `wire(_:)` returns: one argument per require, none with a
    /// default, so a router that leaves a require out does not build and the compiler names the require.
    private func everyRequireFunction(_ requires: [ComponentAPIFile.Require]) -> String {
        let parameters = requires.map { require in
            let values = [require.answer] + require.parameters.map { Self.valueType($0.type) }
            let kind = require.isAsync ? "AsyncAnswer" : "Answer"
            return "        \(Self.plain(require.name)): \(kind)<\(values.joined(separator: ", "))>"
        }
        // Where the answers assign, each closure goes straight to its property, one assignment for each
        // of its three kinds (none, the one telling the hook, the plain one) rather than one of a value
        // chosen among them, which would be wrapped again on its way there; every place is marked at
        // once. Where they record, each answer's declaration is recorded in turn.
        let assignments = requires.map { require -> String in
            let answer = Self.plain(require.name)
            let property = "\(Self.assignee).require_\(require.name)"
            return """
                        if \(answer).leavesUnwired {
                            \(property) = nil
                        } else if let _told = \(answer).closureTellingHook {
                            \(property) = _told
                        } else {
                            \(property) = \(answer).closure
                        }
                """
        }
        let records = requires.map { require in
            let answer = Self.plain(require.name)
            return
                "            self.record(\"require_\(require.name)\", \(answer).declaration, valueNames: \(answer).valueNames)"
        }
        let body =
            requires.isEmpty
            ? ["        self.assignedEveryRequire()"]
            : ["        guard let \(Self.assignee) = self.assigning else {"] + records
                + ["            return Wired()", "        }"] + assignments + ["        self.assignedEveryRequire()"]
        let signature =
            parameters.isEmpty
            ? "    @inlinable public func requires() -> Wired<\(component)> {"
            : """
                @inlinable public func requires(
            \(parameters.joined(separator: ",\n"))
                ) -> Wired<\(component)> {
            """
        let summary =
            requires.isEmpty
            ? "every require of \(component): it has none, so its router returns this alone"
            : "every require of \(component), one argument each, in the order its API declares them"
        return """
                /// Answers \(summary):
                /// a router that leaves one out does not build, and the compiler names it.
            \(signature)
            \((body + ["        return Wired()"]).joined(separator: "\n"))
                }
            """
    }

    /// The name the generated `requires(…)` gives the component it assigns to: one no parameter can
    /// take, since a parameter has its require's name, which has no underscore. Its own members are
    /// reached through `self.`, since a parameter may be named like one of them.
    private static let assignee = "_component"

    /// The function a screen calls for `require`: the closure, or what stands in when it is `nil`.
    private func callingFunction(_ require: ComponentAPIFile.Require) -> String {
        let arguments = require.parameters.map(\.label).joined(separator: ", ")
        let isScreen = require.answer == layout.screenType
        // `self.`: a parameter may have the require's own name.
        let call = "self.require_\(require.name)?(\(arguments))"
        if require.isAsync {
            // A property that hands out the closure, called as `try await name(values)` like a function:
            // the closure is called straight from the caller, where an async method of the component
            // around it would add a hop onto the main actor and back to every call (`bench`, async).
            let ignored = require.parameters.map { _ in "_" }.joined(separator: ", ")
            return """
                    /// The closure a screen calls for `require_\(require.name)`; unwired, one that throws `UnwiredRequire`.
                    var \(require.name): \(require.closureType) {
                        if let require = self.require_\(require.name) { return require }
                        return { \(ignored.isEmpty ? "" : ignored + " in ")throw UnwiredRequire("\(component).require_\(require.name)") }
                    }
                """
        }
        return """
                /// Calls `require_\(require.name)`; unwired, \(isScreen ? "the screen that names it" : "`nil`").
                func \(require.name)(\(require.parameterList)) -> \(isScreen ? layout.screenType : optional(require.answer)) {
                    \(call)\(isScreen ? " ?? \(layout.unavailable)(\"\(component).require_\(require.name)\")" : "")
                }
            """
    }

    /// `type?`, parenthesised where the `?` would bind to less than the whole type.
    private func optional(_ type: String) -> String {
        type.contains("->") || type.hasPrefix("any ") || type.hasPrefix("some ") ? "(\(type))?" : "\(type)?"
    }

    /// One `Provide` per provide a value can stand for.
    private func providesAsValues() throws(ScaffoldError) -> [String] {
        let callable = api.provides.filter(\.isCallableAsValue)
        var counts: [String: Int] = [:]
        for provide in callable { counts[provide.name, default: 0] += 1 }
        var named: [String: ComponentAPIFile.Provide] = [:]
        var values: [String] = []
        for provide in callable {
            // An overloaded name never goes to one overload by position: each adds its labels.
            var name = provide.name
            if counts[provide.name, default: 0] > 1 {
                name += provide.parameters.map { Self.capitalized($0.label ?? $0.name) }.joined()
            }
            if let other = named.updateValue(provide, forKey: name) {
                throw ScaffoldError(
                    "\(apiPath):\(provide.line): \(provide.signature)\(provide.effects.shown) and"
                        + " \(other.signature)\(other.effects.shown) would both be \(component).Provides.\(name);"
                        + " rename one")
            }
            let types = ([provide.output] + provide.parameters.map { Self.valueType($0.type) })
                .joined(separator: ", ")
            let names = provide.parameters.map { Self.plain($0.name) }
            let arguments = zip(provide.parameters, names).map { parameter, name in
                parameter.label.map { "\($0): \(name)" } ?? name
            }
            let opening = names.isEmpty ? "" : " \(names.joined(separator: ", ")) in"
            // A provide that waits or fails is an `AsyncProvide`, called with what its effects need.
            let effects = provide.effects
            let kind = effects.isNone ? "Provide" : "AsyncProvide"
            let marks = (effects.throwsErrors ? "try " : "") + (effects.isAsync ? "await " : "")
            values.append(
                """
                        /// `\(component).\(provide.signature)`.
                        public static let \(Self.plain(name)) = \(kind)<\(types)>("\(component).\(provide.signature)") {\(opening)
                            \(marks)\(component).shared.provide_\(provide.name)(\(arguments.joined(separator: ", ")))
                        }
                """)
        }
        return values
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A name as a closure parameter: in backticks where it is a keyword, e.g. `` `for` ``.
    private static func plain(_ name: String) -> String {
        Signature.keywords.contains(name) ? "`\(name)`" : name
    }

    /// A parameter's type as a generic argument: without `@escaping`, which only a parameter carries.
    private static func valueType(_ type: String) -> String {
        type.split(separator: " ").filter { $0 != "@escaping" }.joined(separator: " ")
    }

    // MARK: The preview's answers

    private func answeredByFile(_ preview: ComponentLayout.Preview) -> String {
        let answers = answeredBy
        let router = preview.router.path(for: component)
        let entries = api.requires.map { require in
            "        \"require_\(require.name)\": \"\(answers[require.name] ?? "nothing yet (wire it in \(router))")\","
        }
        let dictionary =
            entries.isEmpty
            ? "    static let answeredBy: [String: String] = [:]"
            : """
                static let answeredBy: [String: String] = [
            \(entries.joined(separator: "\n"))
                ]
            """
        return """
            \(header(from: router))

            extension \(preview.type.path(for: component)) {
                /// Who answers each of \(component)'s requires in the app, as its router's wiring lines say.
            \(dictionary)
            }

            """
    }

    /// What each answer of the router leads to, by require: the component a route or provide belongs
    /// to (`tagPage: wiring.route(TagsRoutes.detail)`, `wiring.provide(Tags.Provides.…)`), nothing for
    /// one declared `.unavailable`, or the app's own pages for anything else (an `AppRoutes.…`).
    var answeredBy: [String: String] {
        guard let router else { return [:] }
        var answers: [String: String] = [:]
        let code = String(decoding: ArrayLiteralEdit.blankingCommentsAndStrings(Array(router.utf8)), as: UTF8.self)
        let answer =
            #/(?:^|[^A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(?:(?:[A-Za-z_][A-Za-z0-9_]*\s*\.\s*)?(?:route|provide)\s*\(\s*(?:atOnce\s*:\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*\.|((?:(?:Async)?Answer\s*)?\.\s*unavailable)(?![A-Za-z0-9_]))/#
        let declared = Set(api.requires.map(\.name))
        for match in code.matches(of: answer) where declared.contains(String(match.output.1)) {
            let answer: String
            if match.output.3 != nil {
                answer = "nothing: its router declares it unavailable"
            } else {
                let owner = String(match.output.2 ?? "")
                let routesOf = owner.hasSuffix("Routes") ? String(owner.dropLast("Routes".count)) : owner
                answer =
                    components.contains(owner)
                    ? owner : components.contains(routesOf) ? routesOf : "the app's own page"
            }
            // The last answer wins, as it does at launch, where each assigns in turn.
            answers[String(match.output.1)] = answer
        }
        return answers
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
