/// The 64-bit FNV-1a hash: small, fast and stable across runs and machines, unlike `Hasher`, which is
/// seeded per process. The tools key what they keep in `.build` with it; it tells a changed input from
/// an unchanged one and is no defence against an adversary who writes in `.build` on purpose.
package struct FNV1a {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func mix(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }

    package var hex: String { String(value, radix: 16) }
}
