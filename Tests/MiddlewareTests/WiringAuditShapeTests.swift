import Foundation
import Observation
import Testing

@testable import Middleware

// Components of every shape a `require_` property can take. The audit reads each from the binary's
// reflection records and must say exactly what `Mirror` says; where the records cannot be read that
// way (a property named `require_` that is not an optional closure), it reads the component through
// `Mirror` itself.

private struct Failure: Error {}
private struct Unique: ~Copyable { var value = 1 }
private protocol Marker {}

/// An optional closure with every attribute a function type can carry.
@MainActor
private final class EveryClosure {
    var require_sendable: (@Sendable () -> Void)?
    var require_mainActor: (@MainActor () -> Void)?
    var require_throwing: (() throws -> Void)?
    var require_async: (() async -> Void)?
    var require_typedThrows: (() throws(Failure) -> Void)?
    var require_inout: ((inout Int) -> Void)?
    var require_variadic: ((Int...) -> Void)?
    var require_cFunction: (@convention(c) (Int32) -> Int32)?
    var require_isolatedAny: (@isolated(any) () -> Void)?
    var require_consuming: ((consuming Unique) -> Void)?
    var require_borrowing: ((borrowing Unique) -> Void)?
    var require_sending: ((sending String) -> Void)?
    var require_sendingResult: (() -> sending String)?
    var require_everything: (@Sendable @MainActor (Int) async throws(Failure) -> (Int, String))?
    var require_implicitlyUnwrapped: (() -> Void)!
    var require_higherOrder: (((Int) -> Int) -> ((Int) -> Int))?
    var require_existential: (() -> any Marker)?
    var require_never: (() -> Never)?
    var require_manyParameters: ((String, Int, Double, [Int], [String: Int]) -> Void)?
    var require_thin: (@convention(thin) () -> Void)?
    var store = [1, 2, 3]
}

@MainActor
private class Base {
    var require_base: (() -> Void)?
    var require_baseWired: ((Int) -> Void)? = { _ in }
}

@MainActor
private class Middle: Base {
    var require_middle: (() -> Void)?
    var other = 3
}

@MainActor
private final class Leaf: Middle {
    var require_leaf: ((String) -> Int)? = { _ in 1 }
}

@MainActor
private final class Generic<T> {
    var require_transform: ((T) -> T)?
    var value: T?
    init(_ value: T?) { self.value = value }
}

@MainActor
private final class Pack<each T> {
    var require_pack: ((repeat each T) -> Void)?
    var require_packResult: (() -> (repeat each T))?
}

/// A pack of no types; `swift format` and its linter disagree on how to space its angle brackets.
// swift-format-ignore
private typealias EmptyPack = Pack< >

private class GenericBase<T> { var require_generic: ((T) -> Void)? }
private final class GenericSub: GenericBase<String> { var require_sub: (() -> Void)? = {} }
private class SubOfGeneric<U>: GenericBase<[U]> { var require_sub: ((U) -> Void)? }

private class ObjectSubclass: NSObject {
    var require_object: (() -> Void)?
    var require_objectWired: (() -> Void)? = {}
}

private final class EncoderSubclass: JSONEncoder, @unchecked Sendable {
    var require_encoder: (() -> Void)?
}

private actor Actor {
    var require_actor: (() -> Void)?
    var require_actorWired: (() -> Void)? = {}
}

@Observable private final class Observed {
    var require_observed: (() -> Void)?
    @ObservationIgnored var require_ignored: (() -> Void)?
}

/// Properties named like requires that are not optional closures: the mirror reads these.
@MainActor
private final class NotClosures {
    var require_doubleOptional: (() -> Void)?? = .some(nil)
    var require_doubleNil: (() -> Void)?? = nil
    var require_plain: () -> Void = {}
    var require_int: Int? = 3
    var require_any: Any? = { () in }
    var require_metatype: (() -> Void).Type? = nil
    weak var require_weak: AnyObject?
    unowned(unsafe) var require_unownedUnsafe: Base? = nil
    lazy var require_lazy: (() -> Void)? = nil
    var require_tuple: (() -> Void, Int)? = nil
    var require_void: Void? = nil
}

@propertyWrapper private struct Wrapped<Value> { var wrappedValue: Value }

@MainActor
private final class WithWrapper {
    @Wrapped var require_wrapped: (() -> Void)? = nil
    var require_plainOptional: (() -> Void)?
}

private struct Value { var require_value: (() -> Void)? = nil }

/// A component whose mirror shows a require it does not have, and hides the one it has.
@MainActor
private final class Disguised: CustomReflectable {
    var require_real: (() -> Void)?
    nonisolated var customMirror: Mirror {
        Mirror(self, children: ["require_fake": Optional<() -> Void>.none as Any])
    }
}

@MainActor
@Suite("Wiring audit: every shape")
struct WiringAuditShapeTests {
    /// Components whose requires are all optional closures: read from the records, as `Mirror` reads them.
    @Test func optionalClosuresAreReadFromTheRecordsAsTheMirrorReadsThem() throws {
        let wired = EveryClosure()
        wired.require_sendable = {}
        wired.require_cFunction = { $0 }
        wired.require_isolatedAny = {}
        wired.require_consuming = { _ in }
        wired.require_everything = { _ in (1, "") }
        wired.require_implicitlyUnwrapped = {}
        wired.require_typedThrows = {}
        wired.require_variadic = { _ in }
        let leaf = Leaf()
        leaf.require_base = {}
        leaf.require_middle = {}
        let pack = Pack<Int, String, Double>()
        pack.require_pack = { _, _, _ in }
        let components: [AnyObject] = [
            EveryClosure(), wired, Base(), Middle(), Leaf(), leaf,
            Generic<Int>(3), Generic<() -> Void>({}), Generic<(() -> Void)?>(.some(nil)), Generic<AnyObject>(nil),
            Pack<Int, String>(), EmptyPack(), pack, GenericSub(), SubOfGeneric<Int>(), SubOfGeneric<() -> Void>(),
            ObjectSubclass(), EncoderSubclass(), Actor(), Observed(),
        ]
        for component in components {
            let recorded = try #require(
                WiringAudit.recordedWiring(of: component), "\(type(of: component)) was not read from its records")
            #expect(recorded == WiringAudit.mirroredWiring(of: component), "\(type(of: component))")
        }
        let read = try #require(WiringAudit.recordedWiring(of: wired))
        #expect(read.requirements.count == 20)
        #expect(read.unwired.count == 12)
        #expect(WiringAudit.recordedWiring(of: leaf)?.unwired == [])
        #expect(WiringAudit.recordedWiring(of: Leaf())?.unwired == ["require_base", "require_middle"])
    }

    /// Anything else named `require_` is left to the mirror, whose answer the audit then gives.
    @Test func otherPropertiesNamedLikeRequiresAreReadThroughTheMirror() {
        let odd = NotClosures()
        odd.require_lazy = {}
        odd.require_weak = odd
        let components: [AnyObject] = [
            NotClosures(), odd, WithWrapper(), Value() as AnyObject, { () in } as AnyObject,
            NSString(string: "x"), [1, 2] as AnyObject,
        ]
        for component in components {
            #expect(WiringAudit.wiring(of: component) == WiringAudit.mirroredWiring(of: component))
        }
        #expect(WiringAudit.recordedWiring(of: NotClosures()) == nil)
    }

    /// What is stored counts, not what a custom mirror shows.
    @Test func aCustomMirrorNeitherHidesNorInventsARequire() {
        let wiring = WiringAudit.wiring(of: Disguised())
        #expect(wiring.requirements == ["require_real"])
        #expect(wiring.unwired == ["require_real"])
        #expect(WiringAudit.mirroredWiring(of: Disguised()).requirements == ["require_fake"])
    }
}
