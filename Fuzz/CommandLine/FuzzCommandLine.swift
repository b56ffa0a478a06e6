import MallNavigator

/// libFuzzer's entry: input bytes split into lines (as typed, piped or a `--script` file) and each line
/// parsed as a command; the lines are the same however the bytes arrive, whole or in two reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let whole = lines(fed: [bytes[...]])
    let cut = size == 0 ? 0 : Int(bytes[0]) % (size + 1)
    guard lines(fed: [bytes[..<cut], bytes[cut...]]) == whole else {
        fatalError("the lines depend on where a read ended")
    }
    let actionCount = size == 0 ? 0 : Int(bytes[size - 1] % 12)
    for line in whole {
        _ = Command.parse(line, actionCount: actionCount)
    }
    // The same bytes as a command line, split at NUL as a shell would.
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    _ = try? ComponentPreview.parse(arguments, program: "ShopPreview")
    return 0
}

private func lines(fed reads: [Slice<UnsafeBufferPointer<UInt8>>]) -> [String] {
    var splitter = LineSplitter()
    var lines: [String] = []
    for read in reads {
        splitter.feed(read)
        while let line = splitter.nextLine() {
            lines.append(line)
        }
    }
    while let line = splitter.finish() {
        lines.append(line)
    }
    return lines
}
