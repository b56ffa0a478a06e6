@_spi(Reflection) import Swift

/// Finds the requirements no router wired.
///
/// A component declares what it needs as optional closure properties whose names start with
/// ``requirementPrefix``. After the routers ran, any such property that is still `nil` is a hole in
/// the middleware: calling it would show an "unavailable" screen instead of the feature. The audit
/// reads the properties by reflection, so a new requirement is covered the moment it is declared.
public enum WiringAudit {
    /// The prefix that marks a stored property as a requirement.
    public static let requirementPrefix = "require_"

    /// Audits the given component singletons, in the order given.
    @MainActor
    public static func audit(_ components: [AnyObject]) -> WiringReport {
        WiringReport(components: components.map(wiring(of:)))
    }

    /// Audits the components behind the given routers, in the order given.
    @MainActor
    public static func audit(_ routers: [any Router]) -> WiringReport {
        audit(routers.map { $0.component as AnyObject })
    }

    /// Lists one component's requirements and which of them are still `nil`.
    ///
    /// The stored properties are found by name in the binary's reflection records
    /// (``StoredProperties``), and only those named `require_` are described further by the runtime.
    /// A `Mirror` would look the component's type, and then each property's type, up among all
    /// protocol conformances of the program (175 ms for 1,000 components); even the runtime's
    /// field walk resolves every property's type, the component's store included (15 ms).
    ///
    /// The audit reads what a component stores, not what a custom mirror shows: a component that
    /// conforms to `CustomReflectable` can neither hide a require from it nor invent one.
    @MainActor
    public static func wiring(of component: AnyObject) -> ComponentWiring {
        recordedWiring(of: component) ?? mirroredWiring(of: component)
    }

    /// The list read through the reflection records; `nil` where they cannot be read that way, or
    /// where a property named `require_` is not an optional closure.
    @MainActor
    static func recordedWiring(of component: AnyObject) -> ComponentWiring? {
        guard let properties = StoredProperties(of: type(of: component)) else { return nil }
        var requirements: [String] = []
        var unwired: [String] = []
        for (index, name) in properties.names.enumerated() where isRequirement(name) {
            let property = properties.property(at: index)
            // Only an optional closure is read at its offset: a weak or unowned property is stored
            // differently from its type, and a closure is never weak or unowned. Anything else, or
            // a name the runtime does not confirm, and the mirror reads the component instead.
            guard property.name.hasPrefix(requirementPrefix), isOptionalClosure(property.type) else { return nil }
            requirements.append(property.name)
            if isNil(value(of: component, at: property.offset, as: property.type)) {
                unwired.append(property.name)
            }
        }
        return ComponentWiring(
            // The type's own name, without the protocol lookups `String(describing:)` makes first.
            component: _typeName(type(of: component), qualified: false),
            requirements: requirements.sorted(),
            unwired: unwired.sorted()
        )
    }

    /// Whether a property's name, a C string, starts with ``requirementPrefix``.
    private static func isRequirement(_ name: UnsafePointer<CChar>) -> Bool {
        var character = name
        for byte in requirementPrefix.utf8 {
            guard UInt8(bitPattern: character.pointee) == byte else { return false }
            character += 1
        }
        return true
    }

    /// The same list read through `Mirror`: where the records cannot be read, and in the tests, as
    /// the reference the records must agree with for every component that keeps the default mirror.
    @MainActor
    static func mirroredWiring(of component: AnyObject) -> ComponentWiring {
        var requirements: [String] = []
        var unwired: [String] = []
        var mirror: Mirror? = Mirror(reflecting: component)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix(requirementPrefix) else { continue }
                requirements.append(label)
                if isNil(child.value) {
                    unwired.append(label)
                }
            }
            mirror = current.superclassMirror
        }
        return ComponentWiring(
            component: _typeName(type(of: component), qualified: false),
            requirements: requirements.sorted(),
            unwired: unwired.sorted()
        )
    }

    /// Whether a property of `type` holds an optional closure, e.g. `((ShopID) -> Screen)?`.
    private static func isOptionalClosure(_ type: Any.Type) -> Bool {
        metadataKind(of: type) == _MetadataKind.optional.rawValue
            && metadataKind(of: wrappedType(ofOptional: type)) == _MetadataKind.function.rawValue
    }

    /// The type an `Optional` type wraps, e.g. `(ShopID) -> Screen` for `((ShopID) -> Screen)?`.
    ///
    /// It is read from the optional's metadata, where the Swift ABI puts an enum's generic arguments:
    /// right after its kind and its descriptor. Asking a protocol for it (`as? any OptionalType.Type`)
    /// looked each closure type up among all the program's protocol conformances, a table that grows
    /// with every component.
    private static func wrappedType(ofOptional type: Any.Type) -> Any.Type {
        unsafeBitCast(type, to: UnsafePointer<Any.Type>.self)[2]
    }

    /// A copy of the stored property of `object` at byte `offset`, whose type is `type`.
    private static func value(of object: AnyObject, at offset: Int, as type: Any.Type) -> Any {
        func load<Field>(_: Field.Type) -> Any {
            withExtendedLifetime(object) {
                UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(
                    fromByteOffset: offset, as: Field.self)
            }
        }
        return _openExistential(type, do: load)
    }

    /// Whether a property's value is an optional that is `nil`. Casting to `Any?` unwraps the optional
    /// inside the `Any` directly; a mirror of the value would look its type up among the conformances.
    private static func isNil(_ value: Any) -> Bool {
        if case Optional<Any>.none = value { return true }
        return false
    }
}

/// What kind of type the runtime says this is (`_MetadataKind`'s raw value): the standard library
/// reads it the same way, but does not make its reader public.
@_silgen_name("swift_getMetadataKind")
private func metadataKind(of type: Any.Type) -> UInt
