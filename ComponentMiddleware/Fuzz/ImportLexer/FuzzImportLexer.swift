import LayeringCheck

/// libFuzzer's entry: the import lexer on any bytes, checked against a second reading of the same
/// file moved down one line. A line break before the first byte changes no token, so every import must
/// be found again, the same in all but its line, which grows by one. (A leading byte-order mark is
/// special only at the very start, so such inputs are read once and not compared.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportLexer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = Array(UnsafeBufferPointer(start: data, count: size))
    let imports = ImportScanner.imports(in: source)
    guard !source.starts(with: [0xEF, 0xBB, 0xBF]) else { return 0 }
    let shifted = ImportScanner.imports(in: [UInt8(ascii: "\n")] + source)
    let expected = imports.map { declaration in
        var moved = declaration
        moved.line += 1
        return moved
    }
    guard shifted == expected else {
        fatalError("moving the file down one line changed its imports: \(imports) became \(shifted)")
    }
    return 0
}
