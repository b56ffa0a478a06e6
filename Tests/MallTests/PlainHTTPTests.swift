import Foundation
import MiddlewareTesting
import Testing

@testable import Mall

/// The app's own reader of `http://` answers, fed answers byte for byte without a server: the shapes
/// HTTP allows read as they should, and thousands of damaged ones never crash it, hang it or pass a
/// body past its limit.
@Suite("Reading an HTTP answer")
struct PlainHTTPTests {
    /// Answers of every shape the reader takes, each with the body it must read.
    static let answers: [(answer: String, body: String)] = [
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", "{}"),
        ("HTTP/1.0 200\r\n\r\n{\"a\": 1}", "{\"a\": 1}"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;x=y\r\n{}\r\n000\r\nTrailer: t\r\n\r\n", "{}"),
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n[1]", "[1]"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: identity, chunked\r\n\r\n1\r\n7\r\n0\r\n\r\n", "7"),
        ("HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\n\r\n", ""),
    ]

    @Test func everyShapeHTTPAllowsIsRead() {
        for (answer, body) in Self.answers {
            let read = PlainHTTP.read(Array(answer.utf8), limit: 64, timeout: .seconds(5))
            #expect((try? read.get().body) == Array(body.utf8), "\(answer.debugDescription): \(read)")
        }
    }

    /// 10,000 answers damaged at random, from a fixed seed so a failure replays: a byte changed to
    /// one HTTP gives meaning, a token put at the start of a line (where a status, a header or a
    /// chunk's size begins), a part dropped, repeated or cut off. Each is read or refused at once, and
    /// a body read is never past the limit.
    @Test func damagedAnswersAreReadOrRefusedAtOnce() {
        var generator = SeededGenerator(seed: 68)
        let meaningful = Array("\r\n\0 \t:;,-+0123456789abcdefABCDEF\u{7F}".utf8) + [0x80, 0xFF]
        let tokens = ["-", "+", "0", " ", ";", ":", "\r\n", "ffffffffff", "HTTP/1.1 100 x\r\n\r\n"].map {
            Array($0.utf8)
        }
        for round in 0..<10_000 {
            var answer = Array(Self.answers[round % Self.answers.count].answer.utf8)
            for _ in 0...Int.random(in: 0..<4, using: &generator) {
                let at = Int.random(in: 0...answer.count, using: &generator)
                let lineStarts = [0] + answer.indices.dropFirst().filter { answer[$0 - 1] == UInt8(ascii: "\n") }
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where at < answer.count: answer[at] = meaningful.randomElement(using: &generator)!
                case 1:
                    answer.insert(
                        contentsOf: tokens.randomElement(using: &generator)!,
                        at: lineStarts.randomElement(using: &generator)!)
                case 2: answer.removeSubrange(at..<min(answer.count, at + Int.random(in: 1...8, using: &generator)))
                case 3: answer.insert(contentsOf: answer[at...].prefix(16), at: at)
                default: answer = Array(answer[..<at])
                }
            }
            let started = ContinuousClock.now
            let read = PlainHTTP.read(answer, limit: 64, timeout: .seconds(2))
            #expect(ContinuousClock.now - started < .seconds(1), "\(answer)")
            if case .success(let (status, body)) = read {
                #expect((200..<600).contains(status) && body.count <= 64, "\(answer)")
            }
        }
    }

    /// A body past the limit is refused at the first byte past it, not read whole.
    @Test func aBodyPastTheLimitIsRefusedAsItArrives() {
        let answer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 1 << 20)
        let read = PlainHTTP.read(answer, limit: 64, timeout: .seconds(5))
        #expect(throws: Download.Failure.self) { try read.get() }
        if case .failure(let failure) = read {
            #expect(failure.description == "the document is larger than 64 bytes")
            #expect(failure.isCut)
        }
    }
}
