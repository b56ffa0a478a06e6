import ComponentScaffold
import MiddlewareSupport
import Testing

@testable import new_component

/// `new-component` keeps the tools' shared convention: `Error: …` then `Run 'new-component --help'
/// for usage.`, exit 2; a mistake anywhere wins over `--help`; an option where a value belongs is refused.
@Suite("new-component command line")
struct CommandLineTests {
    @Test(arguments: [
        (["Coupon", "--bogus"], "unknown option '--bogus'"),
        (["Coupon", ""], "an empty argument; remove the empty quotes"),
        (["Coupon", "Extra"], "one component at a time: got 'Coupon' and 'Extra'"),
        (["Coupon", "--require"], "--require needs a value"),
        (["Coupon", "--require", "--dry-run"], "--require needs a value, not the option '--dry-run'"),
        (["Coupon", "--provide", "-h"], "--provide needs a value, not the option '-h'"),
        (["--help", "--bogus"], "unknown option '--bogus'"),
        (["--bogus", "--help"], "unknown option '--bogus'"),
        (["Coupon", "--package-path", ""], "--package-path needs a value, not an empty one"),
        (["Coupon", "--dry-run", "--dry-run"], "--dry-run was given twice; give it once"),
        (["Coupon", "--interface", "a.json", "--interface", "b.json"], "--interface was given twice; give it once"),
        (["--check", "--regenerate"], "--check and --regenerate cannot be used together"),
        (
            ["--regenerate", "Coupon"],
            "--regenerate works on every component already there; remove a component name ('Coupon')"
        ),
        (["--check", "--dry-run"], "--check works on every component already there; remove --dry-run"),
        (["--check", "--require", "a"], "--check works on every component already there; remove --require"),
        (
            ["--regenerate", "--own-package"],
            "--regenerate works on every component already there; remove --own-package"
        ),
        (["Coupon", "--own-package", "--own-package"], "--own-package was given twice; give it once"),
        (["Coupon", "--own-packag"], "unknown option '--own-packag'; did you mean '--own-package'?"),
        (["Coupon", "--package"], "unknown option '--package'; did you mean '--own-package'?"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message, program: "new-component")) { try NewComponentCommand.parse(arguments) }
    }

    @Test func helpAndInternalOptions() throws {
        #expect(try NewComponentCommand.parse(["--help"]).showsHelp)
        #expect(try NewComponentCommand.parse(["Coupon", "--existing-targets", "A,B"]).existingTargets == ["A", "B"])
        #expect(!NewComponentCommand.usage.contains("--existing-targets"))
        let repeated = try NewComponentCommand.parse(["Coupon", "--require", "a", "--require", "b"])
        #expect(repeated.requires == ["a", "b"])
        #expect(try NewComponentCommand.parse(["Coupon", "--own-package"]).asPackage)
        #expect(
            try NewComponentCommand.parse(["Coupon", "--existing-packages", "a,b"]).existingPackages == ["a", "b"])
        #expect(!NewComponentCommand.usage.contains("--existing-packages"))
        #expect(try !NewComponentCommand.parse(["Coupon"]).asPackage)
        #expect(NewComponentCommand.usage.contains("--own-package"))
    }
}
