import LayeringCheck

/// libFuzzer's entry: the import lexer on any bytes, and an import on the first line is always found.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportLexer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = Array(UnsafeBufferPointer(start: data, count: size))
    _ = ImportScanner.imports(in: source)
    let probed = Array("import FuzzProbe;\n".utf8) + source
    guard ImportScanner.imports(in: probed).contains(where: { $0.module == "FuzzProbe" && $0.line == 1 }) else {
        fatalError("an import on the first line was not found, whatever followed it")
    }
    return 0
}
