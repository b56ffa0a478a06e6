/// The stored properties of a class and its superclasses, in the order the runtime's reflection
/// numbers them (a superclass's first), named from the type descriptors' field records.
///
/// Reading a name resolves no type. Resolving a property's type is what reflection spends its time
/// on: about 3 µs a property, more when the runtime must first build the type (an optional of the
/// component's own store, say). The audit needs only the types of the properties named `require_`,
/// and asks the runtime for those one by one (``property(at:)``).
///
/// The names are read from the records the Swift ABI lays out for reflection (`FieldDescriptor` and
/// `FieldRecord` in the Swift repository's `include/swift/RemoteInspection/Records.h`). Where the
/// records do not read as expected, or name a different number of properties than the runtime
/// counts, ``init(of:)`` fails and the caller reads the class another way.
struct StoredProperties {
    let type: AnyClass
    /// Each property's name, as a C string in the binary's reflection records.
    let names: [UnsafePointer<CChar>]

    /// A property as the runtime describes it.
    struct Property {
        var name: String
        var type: Any.Type
        /// Its byte offset in an instance.
        var offset: Int
    }

    init?(of type: AnyClass) {
        // The class and its superclasses up to the first without a Swift descriptor (an
        // Objective-C root class), where the runtime's reflection stops climbing too.
        var descriptors: [UnsafeRawPointer] = []
        var next: AnyClass? = type
        while let level = next, let descriptor = typeContextDescriptor(level) {
            descriptors.append(descriptor)
            next = _getSuperclass(level)
        }
        var names: [UnsafePointer<CChar>] = []
        for descriptor in descriptors.reversed() {
            guard let own = Self.ownNames(in: descriptor) else { return nil }
            names += own
        }
        guard names.count == recursiveFieldCount(type) else { return nil }
        self.type = type
        self.names = names
    }

    /// The property at `index` of ``names``, its type resolved by the runtime.
    func property(at index: Int) -> Property {
        var field = FieldReflectionMetadata()
        let fieldType = recursiveFieldType(type, index: index, fieldMetadata: &field)
        defer { field.freeName?(field.name) }
        return Property(
            name: field.name.map { String(cString: $0) } ?? "",
            type: fieldType,
            offset: recursiveFieldOffset(type, index: index))
    }

    /// The names of the properties a class declares itself, from its type descriptor; `nil` when its
    /// records do not read as a class's.
    private static func ownNames(in descriptor: UnsafeRawPointer) -> [UnsafePointer<CChar>]? {
        // A type compiled without reflection records has no field descriptor and, to the runtime, no fields.
        guard let fields = relativePointer(in: descriptor, at: Layout.descriptorFields) else { return [] }
        guard fields.loadUnaligned(fromByteOffset: Layout.fieldsKind, as: UInt16.self) == Layout.classKind,
            fields.loadUnaligned(fromByteOffset: Layout.fieldsRecordSize, as: UInt16.self) == Layout.recordSize
        else { return nil }
        let count = Int(fields.loadUnaligned(fromByteOffset: Layout.fieldsCount, as: UInt32.self))
        var names: [UnsafePointer<CChar>] = []
        names.reserveCapacity(count)
        for index in 0..<count {
            let record = fields + Layout.fieldsRecords + index * Int(Layout.recordSize)
            guard let name = relativePointer(in: record, at: Layout.recordName)?.assumingMemoryBound(to: CChar.self),
                isPropertyName(name)
            else { return nil }
            names.append(name)
        }
        return names
    }

    /// Whether a record's name reads as a property's: 1 to 1,024 bytes, none of them a control
    /// character. A mangled type name read in its place would carry its symbolic references' bytes.
    private static func isPropertyName(_ name: UnsafePointer<CChar>) -> Bool {
        for length in 0...1_024 {
            let byte = UInt8(bitPattern: name[length])
            if byte == 0 { return length > 0 }
            if byte < 0x20 || byte == 0x7F { return false }
        }
        return false
    }

    /// The address a 32-bit relative pointer at `offset` in `base` points to; `nil` for a null one.
    private static func relativePointer(in base: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
        let distance = base.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        return distance == 0 ? nil : base + offset + Int(distance)
    }

    /// Byte offsets in the ABI's records.
    private enum Layout {
        /// `TypeContextDescriptor.Fields`, after its flags, parent, name and access function (32 bits each).
        static let descriptorFields = 16
        /// `FieldDescriptor`: its type's mangled name and superclass (32 bits each), then `Kind` and
        /// `FieldRecordSize` (16 bits each), `NumFields` (32 bits) and the records.
        static let fieldsKind = 8
        static let fieldsRecordSize = 10
        static let fieldsCount = 12
        static let fieldsRecords = 16
        /// `FieldDescriptorKind.Class`.
        static let classKind: UInt16 = 1
        /// `FieldRecord`: flags, mangled type name and name, 32 bits each.
        static let recordSize: UInt16 = 12
        static let recordName = 8
    }
}

/// What the runtime tells about a property besides its type: the standard library's
/// `_FieldReflectionMetadata`, which it does not make public.
private struct FieldReflectionMetadata {
    var name: UnsafePointer<CChar>?
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
    var isStrong = false
    var isVar = false
}

// The runtime's entry points the standard library's `_forEachField` is built on, and the one that
// finds a type's descriptor.

@_silgen_name("swift_getTypeContextDescriptor")
private func typeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func recursiveFieldType(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveFieldOffset(_ type: Any.Type, index: Int) -> Int
