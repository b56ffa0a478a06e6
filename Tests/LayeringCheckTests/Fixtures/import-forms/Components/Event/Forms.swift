import Base
import Shop
import Shop.Sub
import struct Shop.Detail
import class Shop.Store
import enum Shop.Kind
import protocol Shop.Provider
import typealias Shop.Alias
import func Shop.make
import let Shop.constant
import var Shop.variable
public import Shop
package import Shop
internal import Shop
fileprivate import Shop
private import Shop
@testable import Shop
@_exported import Shop
@_implementationOnly import Shop
@preconcurrency import Shop
@_spi(Internal) import Shop
@_spiOnly import Shop
@_weakLinked import Shop
@testable @preconcurrency public import Shop
import Foundation; import Shop
import
    Shop
#if os(macOS)
import Shop
#elseif canImport(Glibc)
    import Shop
#else
  @testable import `Shop`
#endif
