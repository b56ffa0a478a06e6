import Foundation
import LayeringCheck
import MallTestSupport
import MiddlewareTesting
import Testing

@testable import ComponentScaffold

@Suite("Scaffolder")
struct ScaffolderTests {
    @Test func planCreatesTheComponentRouterTestsAndBothEdits() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let lowerName = name.prefix(1).lowercased() + name.dropFirst()
        let before = try copy.snapshot()
        let plan = try Scaffolder(packageRoot: copy.root).plan(name: name, existingNames: PackageCopy.targetNames)
        #expect(
            plan.paths
                == [
                    "Components/\(name)/\(name).swift",
                    "Components/\(name)/\(name)+Generated.swift",
                    "Components/\(name)/Data/\(name)Item.swift",
                    "Components/\(name)/Data/\(name)Store.swift",
                    "Components/\(name)/Preview/\(name)Preview.swift",
                    "Components/\(name)/Preview/\(name)Preview+AnsweredBy.swift",
                    "Components/\(name)/Screens/\(name)HomeScreen.swift",
                    "Components/\(name)/Screens/\(name)ItemScreen.swift",
                    "Package.swift",
                    "Shell/Launch/Routers.swift",
                    "Shell/Wiring/\(name)/Router/\(name)Router.swift",
                    "Shell/Wiring/\(name)/Routes/\(name)Routes.swift",
                    "Tests/\(name)Tests/\(name)Tests.swift",
                ].sorted()
        )
        #expect(try copy.snapshot() == before, "planning writes nothing")
        let manifest = try #require(plan.edits.first { $0.path == "Package.swift" })
        // The exact layouts are ManifestEditTests'; here: the name is added and nothing else is removed.
        #expect(manifest.updated.contains("(\"\(name)\", wiresTo: [])"))
        #expect(manifest.updated.difference(from: manifest.original).removals.isEmpty)
        let registry = try #require(plan.edits.first { $0.path == "Shell/Launch/Routers.swift" })
        let entry = "RouterEntry(\"\(name)\") { \(name)Router(links: $0) }"
        #expect(registry.updated.contains("Router(links: $0) },\n        \(entry),\n    ]"))
        #expect(registry.updated.contains("\nimport \(name)Router\n"))
        let api = try #require(plan.newFiles["Components/\(name)/\(name).swift"])
        #expect(api.contains("@MainActor\npublic final class \(name) {"))
        #expect(api.contains("    public func provide_\(lowerName)Home() -> Screen {"))
        #expect(!api.split(separator: "\n").contains { $0.hasPrefix("    public var require_") })
    }

    /// `--own-package`: the same files, its tests moved into its folder, with its manifest, README and
    /// changelog, and its name added to the app's list of component packages too.
    @Test func aComponentAsAPackageOfItsOwnHasItsManifestTestsAndListEntry() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let scaffolder = Scaffolder(packageRoot: copy.root)
        let inPackage = try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames)
        let plan = try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames, asPackage: true)
        let own = ["Package.swift", "README.md", "CHANGELOG.md"].map { "Components/\(name)/\($0)" }
        let tests = "Tests/\(name)Tests/\(name)Tests.swift"
        #expect(
            plan.paths
                == (inPackage.paths.filter { $0 != tests } + own + ["Components/\(name)/\(tests)"]).sorted())
        #expect(plan.newFiles["Components/\(name)/\(tests)"] == inPackage.newFiles[tests])
        let manifest = try #require(plan.newFiles["Components/\(name)/Package.swift"])
        #expect(manifest.hasPrefix("// swift-tools-version: 6.1\nimport PackageDescription\n"))
        #expect(manifest.contains(".library(name: \"\(name)\", targets: [\"\(name)\"])"))
        #expect(manifest.contains("name: \"\(name)Tests\""))
        let changelog = try #require(plan.newFiles["Components/\(name)/CHANGELOG.md"])
        #expect(changelog.contains("--package Components/\(name) \\\n"))
        let edit = try #require(plan.edits.first { $0.path == "Package.swift" })
        #expect(edit.updated.contains("(\"\(name)\", wiresTo: [])"))
        #expect(edit.updated.contains("let componentPackages: Set<String> = [\"Appointment\", \"\(name)\"]"))
        #expect(plan.next.contains("swift test --package-path Components/\(name)"))
        #expect(!inPackage.next.contains("--package-path"))
    }

    /// A component's package may not take the name SwiftPM gives a package already in the app's graph
    /// (its folder's, lowercased), and a move no template's file takes is a mistake in the layout.
    @Test func aPackageNameTheGraphHasAndAnUnusedMoveAreRefused() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let scaffolder = Scaffolder(packageRoot: copy.root)
        #expect {
            try scaffolder.plan(
                name: "Sources", existingNames: PackageCopy.targetNames, asPackage: true,
                existingPackages: ["sources", "componentmiddleware", "appointment"])
        } throws: { error in
            (error as? ScaffoldError)?.message
                == "the new package in Components/Sources would be 'sources' to SwiftPM, which names a package after"
                + " its folder, and the app's graph has a package of that name already; choose another name; nothing"
                + " was written"
        }
        // In the app's own package, the name takes no package's.
        _ = try scaffolder.plan(name: "Sources", existingNames: PackageCopy.targetNames, existingPackages: ["sources"])

        let layout = copy.root.appendingPathComponent("components.json")
        let text = try String(contentsOf: layout, encoding: .utf8)
        try text.replacingOccurrences(of: #""Tests/{Name}Tests": "#, with: #""Nope/{Name}Tests": "#)
            .write(to: layout, atomically: true, encoding: .utf8)
        #expect {
            try scaffolder.plan(name: copy.unusedComponentName, existingNames: PackageCopy.targetNames, asPackage: true)
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix(
                "components.json: scaffold.package.moves.Nope/{Name}Tests: no template writes into") == true
        }
        try text.write(to: layout, atomically: true, encoding: .utf8)
        #expect(try copy.snapshot() == before)
    }

    /// Appointment's manifest is the package template rendered for it, so the two never drift apart, and
    /// the template writes nothing for a component in the app's package.
    @Test func appointmentsManifestIsThePackageTemplateRenderedForIt() throws {
        let root = PackageCopy.sourceRoot
        let template = try String(
            contentsOf: root.appendingPathComponent("Templates/Component/Components/{Name}/Package.swift.template"),
            encoding: .utf8)
        let layout = try ComponentLayout.load(packageRoot: root)
        let manifest = try String(
            contentsOf: root.appendingPathComponent("Components/Appointment/Package.swift"), encoding: .utf8)
        #expect(
            try Scaffolder.render(template: template, component: "Appointment", asPackage: true, layout: layout)
                == manifest)
        #expect(
            try Scaffolder.render(template: template, component: "Appointment", layout: layout)
                .allSatisfy(\.isWhitespace))
    }

    @Test func aLayoutWithoutAPackageSectionRefusesAComponentAsAPackage() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let layout = copy.root.appendingPathComponent("components.json")
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: layout)) as? [String: Any])
        var scaffold = try #require(object["scaffold"] as? [String: Any])
        scaffold["package"] = nil
        object["scaffold"] = scaffold
        try JSONSerialization.data(withJSONObject: object).write(to: layout)
        let before = try copy.snapshot()
        #expect {
            try Scaffolder(packageRoot: copy.root).plan(
                name: copy.unusedComponentName, existingNames: PackageCopy.targetNames, asPackage: true)
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix(
                "components.json has no \"scaffold.package\", so new-component does not know how a component") == true
        }
        #expect(try copy.snapshot() == before)
    }

    @Test func declaredRequiresAndProvidesAreGenerated() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let plan = try Scaffolder(packageRoot: copy.root).plan(
            name: name,
            requires: ["shopDetail(shopId: ShopID)", "refresh()"],
            provides: ["couponDetail(couponId: String, count: Int)"],
            existingNames: PackageCopy.targetNames
        )
        let api = try #require(plan.newFiles["Components/\(name)/\(name).swift"])
        #expect(api.contains("    public var require_shopDetail: ((_ shopId: ShopID) -> Screen)?\n"))
        #expect(api.contains("    public var require_refresh: (() -> Screen)?\n"))
        #expect(api.contains("    public func provide_couponDetail(couponId: String, count: Int) -> Screen {\n"))
        let router = try #require(plan.newFiles["Shell/Wiring/\(name)/Router/\(name)Router.swift"])
        #expect(
            router.contains(
                "            // A route into a sibling or the shell: wiring.route(<Sibling>Routes.<name>)\n"
                    + "            shopDetail: .unavailable,\n"))
        let generated = try #require(plan.newFiles["Components/\(name)/\(name)+Generated.swift"])
        #expect(
            generated.contains(
                "    func shopDetail(_ shopId: ShopID) -> Screen {\n"
                    + "        self.require_shopDetail?(shopId) ?? .unavailable(\"\(name).require_shopDetail\")"
            ))
        #expect(generated.contains("AnyRequire(Requires.refresh, labels: [])"))
        let answers = try #require(plan.newFiles["Components/\(name)/Preview/\(name)Preview+AnsweredBy.swift"])
        #expect(answers.contains("\"require_shopDetail\": \"nothing: its router declares it unavailable\","))
        #expect(plan.newFiles["Components/\(name)/Screens/\(name)PlaceholderScreen.swift"] != nil)
    }

    @Test func anAsyncRequireIsDeclaredDerivedAndOpenedByAPageThatLoads() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let plan = try Scaffolder(packageRoot: copy.root).plan(
            name: name, requires: ["ticket(note: String)  async   throws"], existingNames: PackageCopy.targetNames)
        let api = try #require(plan.newFiles["Components/\(name)/\(name).swift"])
        #expect(api.contains("    public var require_ticket: ((_ note: String) async throws -> Screen)?\n"))
        #expect(api.contains("/// Needed from outside: ticket(note: String) async throws.\n"))
        let generated = try #require(plan.newFiles["Components/\(name)/\(name)+Generated.swift"])
        #expect(generated.contains("    var ticket: (_ note: String) async throws -> Screen {\n"))
        let home = try #require(plan.newFiles["Components/\(name)/Screens/\(name)HomeScreen.swift"])
        #expect(home.contains("loading: { try await api.ticket(\"sample-note\").content }"))
        let router = try #require(plan.newFiles["Shell/Wiring/\(name)/Router/\(name)Router.swift"])
        #expect(
            router.contains(
                "            // wiring.provide(atOnce: …) for one that answers at once\n"
                    + "            ticket: .unavailable)\n"))
        let tests = try #require(plan.newFiles["Tests/\(name)Tests/\(name)Tests.swift"])
        #expect(tests.contains("@Test func openTicketCallsItsRequire() async throws {"))
    }

    @Test func aProvideIsNeverAsync() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        #expect {
            try Scaffolder(packageRoot: copy.root).plan(
                name: copy.unusedComponentName, provides: ["a(x: Int) async throws"],
                existingNames: PackageCopy.targetNames)
        } throws: { error in
            (error as? ScaffoldError)?.message
                == "'a(x: Int) async throws' is a provide, which returns its screen at once; only a require may be async throws"
        }
    }

    @Test(arguments: [
        ("shopDetail(shopId ShopID)", "'shopDetail(shopId ShopID)' needs ':' after the label 'shopId', not 'ShopID'"),
        (
            "shopDetail(shopId: Shop)",
            "unknown type 'Shop' in 'shopDetail(shopId: Shop)'; use String, Int, Double, Bool, [T], [K: V], Set<T>, T? or a type of the base layer (Action, BookingSummary, CouponCategory, CouponID, EventID, EventType, GroupbuyID, GroupbuySummary, Screen, ScreenLoad, ShopID)"
        ),
        (
            "ShopDetail(shopId: String)",
            "'ShopDetail(shopId: String)' does not start with a lowerCamelCase name (ASCII letters and digits, at most 40, not a keyword); write it as name(label: Type), e.g. tagPage(noteId: String)"
        ),
        ("shopDetail(shopId: String", "'shopDetail(shopId: String' needs ')' after the parameters, not the end"),
        (
            "shopDetail(shopId: [String)",
            "'shopDetail(shopId: [String)' needs ']' after the array's element type, not ')'"
        ),
        (
            "shopDetail(shopId: String!)",
            "'shopDetail(shopId: String!)' has the character '!', which a declaration cannot hold"
        ),
        ("shopDetail(a: Int, a: Int)", "parameter label 'a' appears twice in 'shopDetail(a: Int, a: Int)'"),
        (
            "import(shopId: String)",
            "'import(shopId: String)' does not start with a lowerCamelCase name (ASCII letters and digits, at most 40, not a keyword); write it as name(label: Type), e.g. tagPage(noteId: String)"
        ),
        ("a(x: Array)", "'Array' in 'a(x: Array)' needs its type argument, e.g. Array<String>"),
        ("a(x: [])", "'a(x: [])' has ']' where a type should be, e.g. String or [Int]"),
        ("a(x: ?)", "'a(x: ?)' has '?' where a type should be, e.g. String or [Int]"),
        ("a(x: Int Int)", "'a(x: Int Int)' needs ')' after the parameters, not 'Int'"),
        (
            "a(x: Content)",
            "unknown type 'Content' in 'a(x: Content)'; use String, Int, Double, Bool, [T], [K: V], Set<T>, T? or a type of the base layer (Action, BookingSummary, CouponCategory, CouponID, EventID, EventType, GroupbuyID, GroupbuySummary, Screen, ScreenLoad, ShopID)"
        ),
        (
            "a(_: Int)",
            "a parameter in 'a(_: Int)' has no lowerCamelCase label (ASCII letters and digits, at most 40, not a keyword or _); write it as label: Type"
        ),
        ("a(x: Int) throws", "'a(x: Int) throws' may end with 'async throws', both, in that order, and nothing else"),
        ("a(x: Int) async", "'a(x: Int) async' may end with 'async throws', both, in that order, and nothing else"),
        (
            "a(x: Int) async throws async",
            "'a(x: Int) async throws async' has 'async' after the declaration; write only name(label: Type, …), then 'async throws' if it is async, then '-> Type' if it returns data"
        ),
        (
            "a(x: Int) -> Nope",
            "unknown type 'Nope' in 'a(x: Int) -> Nope'; use String, Int, Double, Bool, [T], [K: V], Set<T>, T? or a type of the base layer (Action, BookingSummary, CouponCategory, CouponID, EventID, EventType, GroupbuyID, GroupbuySummary, Screen, ScreenLoad, ShopID)"
        ),
        (
            "a(x: Set<Screen>)",
            "'Screen' in 'a(x: Set<Screen>)' cannot be a set element: use String, Int, Bool or an id type of the base layer"
        ),
        (
            "a(x: [Action: Int])",
            "'Action' in 'a(x: [Action: Int])' cannot be a dictionary key: use String, Int, Bool or an id type of the base layer"
        ),
        ("a(x: Dictionary<Int>)", "'Dictionary' in 'a(x: Dictionary<Int>)' takes 2 type arguments, not 1"),
        (
            "a(x: Identifier)",
            "unknown type 'Identifier' in 'a(x: Identifier)'; use String, Int, Double, Bool, [T], [K: V], Set<T>, T? or a type of the base layer (Action, BookingSummary, CouponCategory, CouponID, EventID, EventType, GroupbuyID, GroupbuySummary, Screen, ScreenLoad, ShopID)"
        ),
        ("a(x: Swift.Int)", "'a(x: Swift.Int)' has the character '.', which a declaration cannot hold"),
        ("a(x: [[[[[[[[[Int]]]]]]]]])", "a type in 'a(x: [[[[[[[[[Int]]]]]]]]])' nests deeper than 8 levels"),
        (
            "store(x: Int)",
            "the require 'store' would be called through a function named like the component's 'store'; rename it"
        ),
        (
            "reset",
            "the require 'reset' would be called through a function named like the component's 'reset'; rename it"
        ),
        (
            "",
            "'' does not start with a lowerCamelCase name (ASCII letters and digits, at most 40, not a keyword); write it as name(label: Type), e.g. tagPage(noteId: String)"
        ),
    ])
    func malformedDeclarationsAreRefused(declaration: String, message: TestText) throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        #expect {
            try Scaffolder(packageRoot: copy.root).plan(
                name: name,
                requires: [declaration],
                existingNames: PackageCopy.targetNames
            )
        } throws: { error in
            (error as? ScaffoldError)?.message == message.text
        }
    }

    @Test(arguments: [
        "a(x: Array<String>)", "a(x: [String: [ShopID]])", "a(x: Set<EventType>?)", "a(x: Dictionary<Int, Bool>)",
        "a(x: Optional<Optional<Int>>)", "a(x:Int,y:Bool)", "a  ( x : Int ? )", "a()", "a",
        "a(x: [[[[[[[Int]]]]]]])",
    ])
    func acceptedDeclarationsAreNormalised(declaration: String) throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let plan = try Scaffolder(packageRoot: copy.root).plan(
            name: copy.unusedComponentName, requires: [declaration], existingNames: PackageCopy.targetNames)
        #expect(plan.newFiles.values.contains { $0.contains("public var require_a: ((") })
    }

    @Test func duplicateAndEntryNamesAreRefused() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let lowerName = name.prefix(1).lowercased() + name.dropFirst()
        let scaffolder = Scaffolder(packageRoot: copy.root)
        #expect(throws: ScaffoldError("the require 'refresh' is declared twice; give each a distinct name")) {
            try scaffolder.plan(name: name, requires: ["refresh()", "refresh()"], existingNames: [])
        }
        #expect(
            throws: ScaffoldError(
                "'\(lowerName)Home' is a provide the app's templates write anyway; rename yours; nothing was written")
        ) {
            try scaffolder.plan(name: name, provides: ["\(lowerName)Home()"], existingNames: [])
        }
    }

    @Test func theInterfaceDocumentIsReadFromJSON() throws {
        let json = Data(
            #"{"requires": ["shopDetail(shopId: ShopID)"], "provides": ["couponDetail(couponId: String)"]}"#.utf8)
        let declarations = try InterfaceDocument.declarations(fromJSON: json, file: "coupon.json")
        #expect(declarations.requires == ["shopDetail(shopId: ShopID)"])
        #expect(declarations.provides == ["couponDetail(couponId: String)"])
        #expect(throws: ScaffoldError("'dup.json' has the key \"requires\" twice; merge the two lists into one")) {
            try InterfaceDocument.declarations(
                fromJSON: Data(#"{"requires": ["a"], "provides": [], "requires": ["b(x: Int)"]}"#.utf8),
                file: "dup.json")
        }
        #expect(
            try InterfaceDocument.declarations(
                fromJSON: Data(#"{"requires": ["a(x: [String: Int])"], "provides": ["requires"]}"#.utf8),
                file: "ok.json"
            ).provides == ["requires"]
        )
        #expect(throws: ScaffoldError("'bad.json' has unknown keys: require; use requires and provides")) {
            try InterfaceDocument.declarations(fromJSON: Data(#"{"require": []}"#.utf8), file: "bad.json")
        }
        #expect {
            try InterfaceDocument.declarations(fromJSON: Data("not json".utf8), file: "bad.json")
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix("'bad.json' is not an interface document") == true
        }
    }

    @Test func aByteOrderMarkIsKeptAndDoesNotLookLikeAConcurrentEdit() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let registry = copy.root.appendingPathComponent("Shell/Launch/Routers.swift")
        try (Data([0xEF, 0xBB, 0xBF]) + Data(contentsOf: registry)).write(to: registry)
        let scaffolder = Scaffolder(packageRoot: copy.root)
        let name = copy.unusedComponentName
        try scaffolder.apply(try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames))
        let updated = try Data(contentsOf: registry)
        #expect(updated.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let entry = "RouterEntry(\"\(name)\") { \(name)Router(links: $0) },"
        #expect(String(decoding: updated, as: UTF8.self).contains(entry))
    }

    /// The templates declare `<Name>Store`; the shell has a `KioskStore` of its own.
    @Test func aNameWhoseTypesWouldShadowTheAppsTypesIsRefusedForThatReason() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        try "/// A type of the shell's.\nstruct KioskStore {}\n".write(
            to: copy.root.appendingPathComponent("Shell/Launch/KioskStore.swift"), atomically: true, encoding: .utf8)
        #expect(
            throws: ScaffoldError(
                "the component would declare 'KioskStore', a type this package already has; choose another name")
        ) {
            try Scaffolder(packageRoot: copy.root).plan(name: "Kiosk", existingNames: PackageCopy.targetNames)
        }
    }

    @Test func theSecondRunIsRefusedAndChangesNothing() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let scaffolder = Scaffolder(packageRoot: copy.root)
        try scaffolder.apply(try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames))
        let afterFirst = try copy.snapshot()
        #expect(afterFirst["Components/\(name)/\(name).swift"] != nil)
        #expect {
            try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames)
        } throws: { error in
            (error as? ScaffoldError)?.message
                == "'Components/\(name)' already exists; \(name) seems to be there already, so nothing was changed"
        }
        #expect(try copy.snapshot() == afterFirst)
    }

    @Test func aFailureAtAnyStepLeavesTheTreeAsItWas() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let scaffolder = Scaffolder(packageRoot: copy.root)
        let before = try copy.snapshot()
        let plan = try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames)
        struct Interrupted: Error {}
        var failingStep = 0
        var completed = false
        while !completed {
            do {
                try scaffolder.apply(plan) { step in
                    if step == failingStep { throw Interrupted() }
                }
                completed = true
            } catch {
                #expect(error.message.hasSuffix("every change was rolled back"))
                #expect(try copy.snapshot() == before, "after a failure at step \(failingStep)")
                failingStep += 1
            }
        }
        #expect(failingStep == 19, "11 staged files, the lock, 2 checks, 3 moves and 2 edits, each interrupted once")
        #expect(try copy.snapshot().keys.contains("Components/\(name)/\(name).swift"))
    }

    @Test func aSecondRunWhileOneIsWritingIsRefusedAndLosesNothing() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let scaffolder = Scaffolder(packageRoot: copy.root)
        let first = try scaffolder.plan(name: "Concurrent1", existingNames: PackageCopy.targetNames)
        let second = try scaffolder.plan(name: "Concurrent2", existingNames: PackageCopy.targetNames)
        var refusal: String?
        var beforeSecond: [String: Data]?
        var afterRefusal: [String: Data]?
        // The second run starts when the first holds the package and has checked nothing yet (step 12:
        // after its 11 staged files and the lock), the moment a lost edit would begin.
        try scaffolder.apply(first) { step in
            guard step == 12 else { return }
            beforeSecond = try copy.snapshot()
            do {
                try scaffolder.apply(second)
            } catch {
                refusal = (error as? ScaffoldError)?.message
            }
            afterRefusal = try copy.snapshot()
        }
        #expect(
            refusal
                == "could not lock the package folder: another new-component is changing this package right now;"
                + " run this one again when it has finished; every change was rolled back")
        #expect(afterRefusal != nil && afterRefusal == beforeSecond)
        let manifest = try String(contentsOf: copy.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("\"Concurrent1\""))
        #expect(!manifest.contains("Concurrent2"))
        // Once the first has finished, the second's plan is stale and is refused as such.
        #expect {
            try scaffolder.apply(second)
        } throws: { error in
            (error as? ScaffoldError)?.message.contains("changed while the component was being prepared") == true
        }
    }

    @Test func aManifestWithoutAComponentsListIsRefused() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let manifest = copy.root.appendingPathComponent("Package.swift")
        try "// swift-tools-version: 6.1\nimport PackageDescription\nlet package = Package(name: \"X\")\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        #expect {
            try Scaffolder(packageRoot: copy.root).plan(name: name, existingNames: [])
        } throws: { error in
            (error as? ScaffoldError)?.message
                == "cannot find the list `let components` of Package.swift; add the component by hand, or say where"
                + " the list is in components.json's scaffold.lists"
        }
        #expect(try copy.snapshot() == before)
    }
}

/// Components added one after another describe the package once: the names an addition keeps are
/// those SwiftPM gives for the manifest it wrote.
@Suite("new-component's kept target names")
struct TargetNamesTests {
    @Test func anAdditionKeepsTheNamesSwiftPMWouldGiveForTheManifestItWrote() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let names = TargetNames(packageRoot: copy.root)
        #expect(names.kept() == nil)
        let name = copy.unusedComponentName
        let run = try copy.run([try PackageCopy.product("new-component"), name, "--package-path", copy.root.path])
        try #require(run.status == 0, "\(run.output)")
        let kept = try #require(names.kept(), "the addition kept no names for the manifest it wrote")
        let graph = try PackageLoader.describe(packagePath: copy.root.path)
        // Its own targets and those of every package it depends on: target names are unique in a graph.
        let others = (graph.packages ?? []).flatMap(\.targets.keys)
        #expect(
            kept
                == Set(
                    graph.targets.flatMap { [$0.name, $0.moduleName] }
                        + others.flatMap { [$0, DependencyPackage.moduleName(of: $0)] }))
        #expect(kept.isSuperset(of: ["MallBase", "MallNavigator", "Appointment", "AppointmentPreview", "Middleware"]))
        #expect(kept.isSuperset(of: [name, "\(name)Preview", "\(name)Tests", "\(name)Routes", "\(name)Router"]))

        // A manifest edited by hand is another manifest: its names are not taken for those kept.
        let manifest = copy.root.appendingPathComponent("Package.swift")
        try (String(contentsOf: manifest, encoding: .utf8) + "\n// edited\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        #expect(names.kept() == nil)
    }

    /// A kept file that is torn, in another format or for another manifest is not believed.
    @Test func aKeptFileThatIsNotWholeIsNotBelieved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("target-names-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(
            to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let names = TargetNames(packageRoot: root)
        names.keep(["Alpha", "Beta"])
        #expect(names.kept() == ["Alpha", "Beta"])
        let file = root.appendingPathComponent(".build/new-component/target-names.txt")
        let whole = try String(contentsOf: file, encoding: .utf8)
        for torn in [
            "", String(whole.dropLast()), String(whole.dropFirst()), whole.replacingOccurrences(of: "\n", with: "\r\n"),
            whole.replacingOccurrences(of: "Beta\n", with: ""),
            "{\"manifest\": \"0\", \"names\": [\"Alpha\"]}",
        ] {
            try Data(torn.utf8).write(to: file)
            #expect(names.kept() == nil, "\(torn)")
        }
        names.keep(["Bad\nName"])
        #expect(names.kept() == nil)
    }
}

/// The types a new name must not shadow, read file by file and kept, so an addition reads only the
/// files that changed since the last one.
@Suite("new-component's kept type names")
final class VisibleTypesCacheTests {
    /// A new folder for each test, removed after it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func onlyNewOrChangedFilesAreReadAgain() throws {
        let cache = folder.appendingPathComponent("cache/types.txt")
        let first = folder.appendingPathComponent("First.swift")
        // No folder counts as settled, so however slowly the test runs, only files are kept.
        func names() -> Set<String> { TopLevelTypes.names(under: [folder], keptIn: cache, settledBefore: .min) }
        try "struct Alpha {}\n".write(to: first, atomically: true, encoding: .utf8)
        #expect(names() == ["Alpha"])

        // A walk that finds every file as it was kept leaves the kept file alone.
        func written() throws -> [FileAttributeKey: Any] {
            try FileManager.default.attributesOfItem(atPath: cache.path).filter {
                $0.key == .systemFileNumber || $0.key == .modificationDate
            }
        }
        let before = try written()
        #expect(names() == ["Alpha"])
        #expect(NSDictionary(dictionary: try written()).isEqual(to: before))

        // An unchanged file is taken from the cache: a name put there (with a hash to match) is what
        // comes back.
        let kept = try #require(KeptFile.lines(at: cache, header: KeptNames.header))
        #expect(kept.map { String(decoding: $0, as: UTF8.self) }.first?.hasSuffix("\t\(first.path)\tAlpha") == true)
        KeptFile.write(
            kept.map {
                String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\tAlpha", with: "\tFromTheCache Other")
            },
            header: KeptNames.header, to: cache)
        #expect(names() == ["FromTheCache", "Other"])

        // A changed file, a new one and a removed one are each seen.
        try "struct Beta {}\nenum Gamma {}\n".write(to: first, atomically: true, encoding: .utf8)
        let second = folder.appendingPathComponent("Second.swift")
        try "final class Delta {}\n".write(to: second, atomically: true, encoding: .utf8)
        #expect(names() == ["Beta", "Gamma", "Delta"])
        try FileManager.default.removeItem(at: first)
        #expect(names() == ["Delta"])

        // A cache that is not one is ignored, and every file read.
        try Data("not json".utf8).write(to: cache)
        #expect(names() == ["Delta"])
    }

    /// A folder whose stamp is the one kept is not listed again, only its entries looked at; one that
    /// gained an entry is listed again.
    @Test func aFolderWhoseStampIsKeptIsNotListedAgain() throws {
        let cache = folder.appendingPathComponent("cache/types.txt")
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "struct Alpha {}\n".write(
            to: sources.appendingPathComponent("Alpha.swift"), atomically: true, encoding: .utf8)
        // Every folder counts as settled, as one last changed long ago does.
        func names() -> Set<String> { TopLevelTypes.names(under: [sources], keptIn: cache, settledBefore: .max) }
        #expect(names() == ["Alpha"])

        // The kept listing is what the walk takes: with Alpha.swift taken out of it, the file is not seen.
        let lines = try #require(KeptFile.lines(at: cache, header: KeptNames.header)).map {
            String(decoding: $0, as: UTF8.self)
        }
        let listing = try #require(lines.first { $0.hasPrefix("folder ") && $0.contains("\t\(sources.path)\t") })
        #expect(listing.hasSuffix("\tAlpha.swift"))
        func keep(entries: String) {
            let edited = listing.dropLast("Alpha.swift".count) + entries
            KeptFile.write(lines.map { $0 == listing ? String(edited) : $0 }, header: KeptNames.header, to: cache)
        }
        keep(entries: "")
        #expect(names() == [])

        // A listing with an empty entry is not one the walk writes: the whole cache is disbelieved.
        keep(entries: "Other.swift//Gamma.swift")
        #expect(names() == ["Alpha"])
        keep(entries: "")

        // A new entry changes the folder's stamp, so the folder is listed again and both files are seen.
        // The pause lets the file system's clock tick, which the times of a settled folder have done.
        Thread.sleep(forTimeInterval: 0.05)
        try "enum Beta {}\n".write(to: sources.appendingPathComponent("Beta.swift"), atomically: false, encoding: .utf8)
        #expect(names() == ["Alpha", "Beta"])
        #expect(names() == ["Alpha", "Beta"])
    }

    /// A folder changed in the last moments is listed on every walk and its listing never kept: an
    /// entry added in the same tick of the file system's clock would leave its stamp unchanged.
    @Test func aFolderJustChangedIsNotKept() throws {
        let cache = folder.appendingPathComponent("cache/types.txt")
        try "struct Alpha {}\n".write(
            to: folder.appendingPathComponent("Alpha.swift"), atomically: true, encoding: .utf8)
        #expect(TopLevelTypes.names(under: [folder], keptIn: cache) == ["Alpha"])
        let lines = try #require(KeptFile.lines(at: cache, header: KeptNames.header))
        #expect(!lines.contains { $0.starts(with: "folder ".utf8) })
        #expect(lines.count == 1)
    }

    /// A cache cut short, edited without its hash, in another format, or whose lines do not parse
    /// costs a read of the files, never a wrong name.
    @Test(arguments: [
        "cut", "crlf", "no hash", "edited", "old header", "json", "empty", "name with CR", "name with digit first",
        "two fields", "no path",
    ])
    func aCacheThatIsNotWholeIsNotBelieved(_ damage: String) throws {
        let file = folder.appendingPathComponent("File.swift")
        try "struct CouponRouter {}\n".write(to: file, atomically: true, encoding: .utf8)
        let cache = folder.appendingPathComponent("types.txt")
        #expect(TopLevelTypes.names(under: [folder], keptIn: cache) == ["CouponRouter"])
        let whole = try String(contentsOf: cache, encoding: .utf8)
        let line = try #require(KeptFile.lines(at: cache, header: KeptNames.header)?.first)
        let stamp = String(decoding: line.prefix { $0 != UInt8(ascii: "\t") }, as: UTF8.self)
        func consistent(_ lines: [String]) { KeptFile.write(lines, header: KeptNames.header, to: cache) }
        switch damage {
        case "cut": try Data(whole.utf8.dropLast(60)).write(to: cache)
        case "crlf": try Data(whole.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: cache)
        case "no hash":
            try Data(whole.split(separator: "\n").dropLast().map { $0 + "\n" }.joined().utf8).write(to: cache)
        case "edited": try Data(whole.replacingOccurrences(of: "CouponRouter", with: "CouponRo").utf8).write(to: cache)
        case "old header":
            try Data(whole.replacingOccurrences(of: KeptNames.header, with: "new-component visible types, 1").utf8)
                .write(to: cache)
        case "json":
            try Data("{\"\(file.path)\": {\"stamp\": \"\(stamp)\", \"names\": [\"Wrong\"]}}".utf8).write(to: cache)
        case "empty": try Data().write(to: cache)
        case "name with CR": consistent(["\(stamp)\t\(file.path)\tCouponRouter\r"])
        case "name with digit first": consistent(["\(stamp)\t\(file.path)\t1Wrong"])
        case "two fields": consistent(["\(stamp)\t\(file.path)"])
        default: consistent(["\(stamp)\t\tWrong"])
        }
        #expect(TopLevelTypes.names(under: [folder], keptIn: cache) == ["CouponRouter"], "\(damage)")
    }

    /// A file edited to the same size whose modification time was put back, as `cp -p`, `rsync -t`
    /// or `tar -x` do, is still read again: the change time moved.
    @Test func anEditWhoseModificationTimeWasPutBackIsSeen() throws {
        let file = folder.appendingPathComponent("File.swift")
        try "struct CouponRoutex {}\n".write(to: file, atomically: false, encoding: .utf8)
        let cache = folder.appendingPathComponent("types.txt")
        #expect(TopLevelTypes.names(under: [folder], keptIn: cache) == ["CouponRoutex"])
        // `touch -r` puts back the time to the nanosecond, which `Date` cannot hold.
        func run(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "\(arguments)")
        }
        let reference = folder.appendingPathComponent("reference")
        try run("cp", "-p", file.path, reference.path)
        Thread.sleep(forTimeInterval: 0.01)
        try "struct CouponRouter {}\n".write(to: file, atomically: false, encoding: .utf8)
        try run("touch", "-r", reference.path, file.path)
        let times = try [file, reference].map {
            try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date
        }
        try #require(times[0] == times[1], "the modification time was not put back")
        #expect(TopLevelTypes.names(under: [folder], keptIn: cache) == ["CouponRouter"])
    }

    /// Lines end at a line feed, a carriage return or both, as the compiler ends them, and a
    /// byte-order mark does not hide the first.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineIsReadWhateverEndsIt(_ lineEnd: String) {
        let text = ["\u{FEFF}struct Alpha {}", "", "public enum Beta {", "    case one", "}", "import Gamma", ""]
            .joined(separator: lineEnd)
        #expect(TopLevelTypes.declarations(in: text).map(\.name) == ["Alpha", "Beta"], "\(Array(lineEnd.utf8))")
        #expect(TopLevelTypes.declarations(in: text).first { $0.name == "Beta" }?.isUninhabited == false)
    }

    /// A link to a file counts as the file, and a link to a folder is followed, as SwiftPM follows
    /// them; each folder is walked once, so a link back up the tree cannot make the walk loop; a path
    /// with a tab is read every time, never kept; an empty file is passed over.
    @Test func linksAndOddPathsAreWalkedOnceAndSafely() throws {
        let elsewhere = folder.appendingPathComponent("elsewhere")
        let walked = folder.appendingPathComponent("walked")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: walked, withIntermediateDirectories: true)
        try "struct Linked {}\n".write(
            to: elsewhere.appendingPathComponent("Linked.swift"), atomically: true, encoding: .utf8)
        try "struct InFolder {}\n".write(
            to: elsewhere.appendingPathComponent("InFolder.swift"), atomically: true, encoding: .utf8)
        try "struct Tabbed {}\n".write(
            to: walked.appendingPathComponent("A\tB.swift"), atomically: true, encoding: .utf8)
        // An empty file declares nothing, and is not read (which under the address sanitizer would
        // report Foundation's leak on an empty file).
        try Data().write(to: walked.appendingPathComponent("Empty.swift"))
        try FileManager.default.createSymbolicLink(
            at: walked.appendingPathComponent("Link.swift"),
            withDestinationURL: elsewhere.appendingPathComponent("Linked.swift"))
        try FileManager.default.createSymbolicLink(
            at: walked.appendingPathComponent("folder"), withDestinationURL: elsewhere)
        try FileManager.default.createSymbolicLink(at: walked.appendingPathComponent("up"), withDestinationURL: folder)
        try FileManager.default.createSymbolicLink(
            at: walked.appendingPathComponent("Dangling.swift"),
            withDestinationURL: folder.appendingPathComponent("none"))
        let cache = folder.appendingPathComponent("types.txt")
        #expect(TopLevelTypes.names(under: [walked], keptIn: cache) == ["Linked", "InFolder", "Tabbed"])
        let kept = try String(contentsOf: cache, encoding: .utf8)
        #expect(kept.contains("Link.swift\tLinked\n") && kept.contains("InFolder\n") && !kept.contains("Tabbed"))
        #expect(TopLevelTypes.names(under: [walked], keptIn: cache) == ["Linked", "InFolder", "Tabbed"])
    }
}
