import Foundation
import MallBase
import MiddlewareSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The observers `--trace` and `--analytics` add: one line per navigation on standard error, and
/// one JSON object per screen view appended to a file.
@MainActor
enum NavigationLog {
    /// A trace line: `trace: push 'Blue Bottle Coffee' (Shop) depth 2 mall://shop/detail?shopId=s01`.
    static func traceLine(_ event: NavigationEvent) -> String {
        var line = "trace: \(event.kind.rawValue) '\(Session.echo(event.title))' (\(event.origin)) depth \(event.depth)"
        if let link = event.link {
            line += " \(link.url)"
        }
        return line
    }

    /// One screen view as a JSON line, keys sorted; `route` and `url` only when it came from a link.
    static func analyticsLine(_ event: NavigationEvent, at time: Date) -> String {
        jsonLine(
            ScreenLine(
                time: time.formatted(.iso8601), kind: event.kind.rawValue, screen: event.title, origin: event.origin,
                depth: event.depth, route: event.link?.route, url: event.link?.url))
    }

    /// A trace line for a load that ended without content: `trace: cancelled 'Deals' (Shop)`, or
    /// `trace: failed 'Deals' (Shop): no answer within 10 seconds`.
    static func traceLine(_ end: LoadEnd) -> String {
        let line = "trace: \(end.outcome.kind) '\(Session.echo(end.title))' (\(end.origin))"
        guard case .failed(let reason) = end.outcome else { return line }
        return line + ": " + Session.echo(reason)
    }

    /// A load that ended without content as a JSON line, keys sorted: `time`, `kind` (`cancelled`
    /// or `failed`), `screen`, `origin`, and for a failure `detail`.
    static func analyticsLine(_ end: LoadEnd, at time: Date) -> String {
        var detail: String?
        if case .failed(let reason) = end.outcome { detail = reason }
        return jsonLine(
            ScreenLine(
                time: time.formatted(.iso8601), kind: end.outcome.kind, screen: end.title, origin: end.origin,
                detail: detail))
    }

    /// What the file records of a screen: a view (with its depth, and its link if it came from one)
    /// or a load that ended without content (with what failed); a `nil` field is left out.
    private struct ScreenLine: Encodable {
        var time: String
        var kind: String
        var screen: String
        var origin: String
        var depth: Int?
        var route: String?
        var url: String?
        var detail: String?
    }

    /// A notice as a JSON line, keys sorted: `time`, `kind` and `detail`.
    static func noticeLine(_ notice: Notice, at time: Date) -> String {
        struct Line: Encodable {
            var time: String
            var kind: String
            var detail: String
        }
        return jsonLine(Line(time: time.formatted(.iso8601), kind: notice.kind, detail: notice.detail))
    }

    /// `value` as one line of JSON, keys sorted, slashes as they are.
    private static func jsonLine(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The lines hold strings, integers and optionals, whose encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Something a program reports besides navigations, for `--analytics`: a kind (`routes-config-refused`)
/// and a one-line detail.
public struct Notice: Sendable, Equatable {
    /// What happened, in a word or a few joined by hyphens.
    public var kind: String
    /// What happened, in a line.
    public var detail: String

    /// Creates a notice.
    public init(kind: String, detail: String) {
        self.kind = kind
        self.detail = detail
    }
}

/// Where a launch keeps the analytics file it opened, so notices go to the same file.
@MainActor
final class AnalyticsSlot {
    var file: AnalyticsFile?
}

/// A file screen views are appended to, opened once at launch.
@MainActor
public final class AnalyticsFile {
    private let handle: FileHandle
    /// The path as the user gave it.
    public let path: String

    /// Opens `path` for appending, creating it if needed; refuses a folder or an unwritable path.
    public init(path: String) throws(LaunchFailure) {
        func fail(_ reason: String) -> LaunchFailure {
            LaunchFailure("Error: cannot write analytics to '\(path)': \(reason)", status: .usage)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw fail("it is a folder")
        }
        // Non-blocking, so a FIFO nobody reads is refused at once instead of hanging the launch.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw fail(Output.reason(errno)) }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.path = path
    }

    /// Appends one line, waiting for a slow reader (a pipe, a FIFO); returns the reason when the
    /// write failed.
    func append(_ line: String) -> String? {
        Output.writeAll(line + "\n", to: handle.fileDescriptor).map(Output.reason)
    }
}
