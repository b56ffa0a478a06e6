/// Where each line of a source file starts, counted as the compiler counts lines: a line ends at LF,
/// CR, or CR LF. Turns byte offsets into 1-based lines and UTF-8 columns, and back.
struct SourceLines {
    /// The byte offset at which each line starts; the first is 0.
    let starts: [Int]

    init(_ bytes: some Collection<UInt8>) {
        var starts = [0]
        var previous: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                if previous == UInt8(ascii: "\r") {
                    starts[starts.count - 1] = offset + 1  // CR LF is one line break
                } else {
                    starts.append(offset + 1)
                }
            } else if byte == UInt8(ascii: "\r") {
                starts.append(offset + 1)
            }
            previous = byte
        }
        self.starts = starts
    }

    /// The 1-based line and UTF-8 column of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset`, by binary search.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// The byte offset where the 1-based `line` starts, if the file has it.
    func start(ofLine line: Int) -> Int? {
        starts.indices.contains(line - 1) ? starts[line - 1] : nil
    }
}
