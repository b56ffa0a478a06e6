/// The files of a new component, generated from its name and interface document.
///
/// The output follows the shape every component in `Components/` has: the API file named after the
/// component (requires, then provides), `Screens/`, `Data/`, a router in the shell and a test target.
public struct ComponentTemplate {
    let name: ComponentName
    let interface: InterfaceDocument
    /// Where the derived files go and the screen type they name.
    let layout: ComponentLayout

    /// The module every component imports for `Screen`.
    static let baseModule = "MallBase"

    var entryProvide: String { "\(name.lowerCamel)Home" }

    private var component: String { name.value }

    /// The new component's router in the mall's shell.
    static func routerPath(_ component: String) -> String { "Shell/Routers/\(component)/\(component)Router.swift" }

    /// The generated files, by path relative to the package root.
    func files() throws(ScaffoldError) -> [(path: String, contents: String)] {
        var files = [
            (layout.api.path(for: component), apiFile),
            ("Components/\(component)/Data/\(component)Item.swift", itemFile),
            ("Components/\(component)/Data/\(component)Store.swift", storeFile),
            ("Components/\(component)/Screens/\(component)HomeScreen.swift", homeScreenFile),
            ("Components/\(component)/Screens/\(component)ItemScreen.swift", itemScreenFile),
            ("Components/\(component)/Preview/\(component)Preview.swift", previewFile),
            ("Shell/Routes/\(component)/\(component)Routes.swift", routesFile),
            (Self.routerPath(component), routerFile),
            ("Tests/\(component)Tests/\(component)Tests.swift", testFile),
        ]
        if !interface.provides.isEmpty {
            files.append(("Components/\(component)/Screens/\(component)PlaceholderScreen.swift", placeholderScreenFile))
        }
        return files + (try derivedFiles())
    }

    /// The paths of the component's derived files.
    var derivedPaths: Set<String> {
        Set(DerivedFiles.paths(of: component, in: layout))
    }

    /// The files `new-component --regenerate` derives from the API file and the router, written now
    /// so the new component builds at once.
    func derivedFiles() throws(ScaffoldError) -> [(path: String, contents: String)] {
        let api = try ComponentAPIFile(source: apiFile, file: layout.api.path(for: component))
        return try DerivedFiles(
            component: component, api: api, router: routerFile, layout: layout, components: [component]
        ).files(answerable: [])
    }

    // MARK: Component

    private var apiFile: String {
        let requires =
            interface.requires.isEmpty
            ? """
            // None yet. Declare each need as an optional closure returning a screen, e.g.
            //     public var require_shopDetail: ((_ shopId: ShopID) -> Screen)?
            // and wire it in \(Self.routerPath(component)).
            """
            : interface.requires.map { require in
                """
                /// Needed from outside: \(require.written).
                public var require_\(require.name): (\(require.closureType))?
                """
            }.joined(separator: "\n\n")
        let provides = interface.provides.map { provide in
            let parameters = provide.parameters.map { "\"\($0.label): \\(String(describing: \($0.label)))\"" }
                .joined(separator: ", ")
            return """


                /// Offered to other components: \(provide.written).
                public func provide_\(provide.name)(\(provide.parameterList)) -> Screen {
                    \(component)PlaceholderScreen.make(
                        provide: "\(provide.name)",
                        parameters: [\(parameters)]
                    )
                }
                """
        }.joined()
        return """
            import \(Self.baseModule)
            import Middleware

            /// The \(component) component's API: what it needs from the app (`require_`) and what it offers (`provide_`).
            ///
            /// Screens inside the component reach other features only through the requirements below; the
            /// router in `\(Self.routerPath(component))` assigns them.
            @MainActor
            public final class \(component) {
                /// The component's singleton.
                public static let shared = \(component)()

                /// The component's data, made when a screen first needs it, not at launch.
                lazy var store = \(component)Store()

                private init() {}

                /// Puts \(component) back as it starts: the sample data, every require unwired.
                public func reset() {
                    store = \(component)Store()
                    unwireEveryRequire()
                }

                // MARK: require

            \(indent(requires))

                // MARK: provide

                /// \(component)'s entry screen: its items.
                public func provide_\(entryProvide)() -> Screen {
                    \(component)HomeScreen.make()
                }\(indent(provides))
            }

            """
    }

    private var itemFile: String {
        """
        /// One of \(component)'s records.
        struct \(component)Item: Sendable {
            var id: String
            var title: String
            var summary: String
        }

        extension \(component)Item {
            /// Sample records, so the entry screen has content from the start; replace them with real data.
            static let samples = [
                \(component)Item(id: "\(name.lowerCamel)-1", title: "First \(component) item", summary: "A sample record of \(component)."),
                \(component)Item(id: "\(name.lowerCamel)-2", title: "Second \(component) item", summary: "Another sample record."),
                \(component)Item(id: "\(name.lowerCamel)-3", title: "Third \(component) item", summary: "One more sample record."),
            ]
        }

        """
    }

    private var storeFile: String {
        """
        /// The \(component) component's in-memory data.
        @MainActor
        final class \(component)Store {
            private(set) var items: [\(component)Item]

            init(items: [\(component)Item] = \(component)Item.samples) {
                self.items = items
            }

            /// The item with the given id, if any.
            func item(_ id: String) -> \(component)Item? {
                items.first { $0.id == id }
            }
        }

        """
    }

    /// Requires whose parameters have sample values get an action on the entry screen that calls them.
    private var demonstrableRequires: [(signature: Signature, arguments: [String])] {
        interface.requires.compactMap { require in require.sampleArguments.map { (require, $0) } }
    }

    private var homeScreenFile: String {
        let requireActions = demonstrableRequires.map { require, arguments in
            let call = "api.\(require.name)(\(arguments.joined(separator: ", ")))"
            // An async require's screen comes later: a page that loads shows it.
            let destination =
                require.isAsync
                ? "Screen(title: \"\(require.name)\", origin: \"\(component)\", loading: { try await \(call).content })"
                : call
            return """

                            actions.append(
                                .push("Open \(require.name)") { \(destination) }
                            )
                """
        }.joined()
        return """
            import \(Self.baseModule)

            /// \(component)'s entry screen: every item, and the way into each.
            @MainActor
            enum \(component)HomeScreen {
                static func make() -> Screen {
                    Screen(title: "\(component)", origin: "\(component)") {
                        let api = \(component).shared
                        \(requireActions.isEmpty ? "let" : "var") actions: [Action] = api.store.items.map { item in
                            .push(item.title) { \(component)ItemScreen.make(itemId: item.id) }
                        }\(requireActions)
                        return Screen.Content(body: ["\\(api.store.items.count) items."], actions: actions)
                    }
                }
            }

            """
    }

    private var itemScreenFile: String {
        """
        import \(Self.baseModule)

        /// One item of \(component).
        @MainActor
        enum \(component)ItemScreen {
            static func make(itemId: String) -> Screen {
                guard let item = \(component).shared.store.item(itemId) else {
                    return .notFound("\(component) item", itemId, origin: "\(component)")
                }
                return Screen(title: item.title, origin: "\(component)", body: [item.summary, "id: \\(item.id)"], actions: [.back()])
            }
        }

        """
    }

    private var placeholderScreenFile: String {
        """
        import \(Self.baseModule)

        /// The first screen of each provide from the interface document: it names the component and the
        /// arguments it was given, until the real screen replaces it.
        @MainActor
        enum \(component)PlaceholderScreen {
            static func make(provide: String, parameters: [String]) -> Screen {
                Screen(
                    title: "\(component): \\(provide)",
                    origin: "\(component)",
                    body: ["\(component).provide_\\(provide)"] + parameters,
                    actions: [.back()]
                )
            }
        }

        """
    }

    // MARK: Preview

    private var previewFile: String {
        """
        \(sortedImports([Self.baseModule, "MallNavigator", component]))

        /// \(component) on its own: its entry screen in the text navigator, every require answered by a stub.
        @main
        @MainActor
        enum \(component)Preview {
            static func main() async {
                await ComponentPreview.main(app())
            }

            /// The preview as a text app: every require answered by a stub naming who answers it in the app.
            static func app() -> ComponentPreview {
                ComponentPreview.app(of: \(component).shared, answeredBy: answeredBy) {
                    \(component).shared.provide_\(entryProvide)()
                }
            }
        }

        """
    }

    // MARK: Shell and tests

    private var routerFile: String {
        let wiring =
            interface.requires.isEmpty
            ? "    public func wire(_ wiring: Wiring<Self>) {}"
            : """
                /// One line per require, e.g. `wiring.wire(\(component).Requires.shopDetail, to: ShopRoutes.detail)`,
                /// after adding the component it wires to (here "Shop") to \(component)'s `wiresTo` in
                /// Package.swift, which lets this router import `ShopRoutes` and `Shop`. Until a require has
                /// its line, `swift run mall audit` names it and its screens show 'unavailable'.
                public func wire(_ wiring: Wiring<Self>) {
            \(interface.requires.map { $0.wiringHint(in: component) }.joined(separator: "\n"))
                }
            """
        return """
            \(sortedImports([component, "\(component)Routes", Self.baseModule, "MallRouting", "Middleware"]))

            /// Wires \(component)'s requirements to siblings' provides or to screens the shell owns.
            @MainActor
            public struct \(component)Router: ComponentRouter {
                public let component = \(component).shared
                /// Every require answered through a route (`wire(_:to:)`) goes through these, so downgrades apply.
                public let links: any RouteOpening

                /// Creates the router; its requires open routes through `links`.
                public init(links: any RouteOpening) {
                    self.links = links
                }

                public static var routes: [AnyRoute<Screen>] { \(component)Routes.all }

            \(wiring)

                public var homeEntry: Action {
                    .push("\(component)") { [links] in links.open(\(component)Routes.entry) }
                }
            }

            """
    }

    private var routesFile: String {
        """
        \(sortedImports([component, Self.baseModule, "MallRouting", "Middleware"]))

        /// The routes into \(component)'s provides: what a link from outside may open (the external ones), and
        /// what routers wire requires to, so a downgrade to the web applies to every way in.
        @MainActor
        public enum \(component)Routes {
            /// `mall://\(routeHost)/home`: another app may open \(component)'s entry screen.
            public static let entry = MallRoute(
                "mall://\(routeHost)/home", exposure: .external, opening: \(component).Provides.\(entryProvide))

            /// Every route into \(component).
            public static var all: [AnyRoute<Screen>] { [entry.erased] }
        }

        """
    }

    /// The host of the component's routes: its name in lowercase (names are ASCII letters and digits,
    /// and no two differ only in case).
    var routeHost: String { component.lowercased() }

    private var testFile: String {
        var tests = [
            """
                @Test func entryScreenListsTheSampleItems() throws {
                    let screen = \(component).shared.provide_\(entryProvide)()
                    #expect(screen.title == "\(component)")
                    #expect(screen.origin == "\(component)")
                    #expect(screen.body == ["3 items."])
                    #expect(
                        Array(screen.actionTitles.prefix(3)) == [
                            "First \(component) item", "Second \(component) item", "Third \(component) item",
                        ]
                    )
                    let item = try #require(screen.open("First"))
                    #expect(item.body == ["A sample record of \(component).", "id: \(name.lowerCamel)-1"])
                }
            """,
            """
                @Test func previewOpensTheEntryScreenWithEveryRequireAnswered() async {
                    let run = await \(component)Preview.app().run(input: ["q"])
                    #expect(run.status == .success)
                    #expect(run.output.screenTitles == ["\(component)"])
                    #expect(run.errors.isEmpty)
                }
            """,
            """
                @Test func anUnknownItemGivesNotFound() {
                    #expect(\(component)ItemScreen.make(itemId: "missing").title == "\(component) item not found")
                }
            """,
        ]
        for (require, arguments) in demonstrableRequires {
            let capitalised = require.name.prefix(1).uppercased() + require.name.dropFirst()
            // The call as the recording stub describes it, inside a string literal.
            let shown = zip(require.parameters, arguments).map {
                "\($0.label): \($1.map { $0 == "\"" ? #"\""# : String($0) }.joined())"
            }
            let call = "\(component).require_\(require.name)(\(shown.joined(separator: ", ")))"
            let opened =
                "#require(\(component).shared.provide_\(entryProvide)()"
                + ".action(titled: \"Open \(require.name)\")?.destination())"
            // An async require's screen is awaited by a page that loads: the test waits for it.
            let (effects, screen) =
                require.isAsync ? ("async throws", "try await \(opened).loaded()") : ("throws", "try \(opened)")
            tests.append(
                """
                    @Test func open\(capitalised)CallsItsRequire() \(effects) {
                        let log = CallLog()
                        \(component).shared.stubEveryRequire(onCall: log.record)
                        let screen = \(screen)
                        #expect(screen.origin == "\(require.isAsync ? component : "Preview")")
                        #expect(screen.body.first == "\(call)")
                        #expect(log.calls == ["\(call)"])
                    }
                """
            )
            let unavailable =
                require.isAsync
                ? "Could not load: \(component).require_\(require.name) is not wired"
                : "\(component).require_\(require.name) is not wired."
            tests.append(
                """
                    @Test func unwired\(capitalised)ShowsUnavailable() \(effects) {
                        \(component).shared.unwireEveryRequire()
                        let screen = \(screen)
                        #expect(screen.body.first == "\(unavailable)")
                    }
                """
            )
        }
        for provide in interface.provides {
            guard let arguments = provide.sampleArguments else { continue }
            let capitalised = provide.name.prefix(1).uppercased() + provide.name.dropFirst()
            let call = zip(provide.parameters, arguments).map { "\($0.label): \($1)" }.joined(separator: ", ")
            let body = zip(provide.parameters, arguments).map { "\"\($0.label): \($1.replacingQuotes())\"" }
            tests.append(
                """
                    @Test func provide\(capitalised)NamesItsParameters() {
                        let screen = \(component).shared.provide_\(provide.name)(\(call))
                        #expect(screen.title == "\(component): \(provide.name)")
                        #expect(screen.body == [\((["\"\(component).provide_\(provide.name)\""] + body).joined(separator: ", "))])
                    }
                """
            )
        }
        return """
            import \(Self.baseModule)
            import MallNavigator
            import MallTestSupport
            import Middleware
            import MiddlewareSupport
            import MiddlewareTesting
            import Testing

            @testable import \(component)
            @testable import \(component)Preview

            /// \(component) tested alone: its requires are stubbed here, never served by a sibling component.
            @MainActor
            @Suite("\(component)", .freshComponents { [\(component).shared] })
            struct \(component)Tests {
            \(tests.joined(separator: "\n\n"))
            }

            """
    }

    /// `import` lines in the order swift format wants them.
    private func sortedImports(_ modules: [String]) -> String {
        modules.sorted().map { "import \($0)" }.joined(separator: "\n")
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    \($0)" }
            .joined(separator: "\n")
    }
}

extension String {
    /// A sample argument as it appears inside a string literal: `"sample-id"` becomes `sample-id`.
    fileprivate func replacingQuotes() -> String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}

extension Signature {
    /// The wiring line the new router suggests for the require: a route for a screen answered at
    /// once, a provide for an async one (a route opens its screen at once).
    fileprivate func wiringHint(in component: String) -> String {
        isAsync
            ? "        // wiring.provide(\(component).Requires.\(name), <a sibling's provide taking these values, from its Provides>)"
            : "        // wiring.wire(\(component).Requires.\(name), to: <a route into a sibling or the shell>)"
    }
}
