import Foundation

/// Shop's page as a person at a terminal meets it while its bookings load, measured through a
/// pseudo-terminal (Python's `os.openpty()`) on `ShopPreview --stub-delay 3600`, whose bookings never
/// come: how soon `Loading…` shows after the command, how much slower `b` is while a load waits than
/// from a page that loads nothing, and the peak memory after 10,000 visits that each cancel a load
/// against 100.
struct LoadingBench {
    let scratch: URL
    let quick: Bool

    func figures() throws -> [Figure] {
        let preview = try buildRelease("ShopPreview")
        let visits = quick ? 500 : 2_000
        let loading = try drive(preview, visits: visits, shop: Self.loadingShop)
        let plain = try drive(preview, visits: visits, shop: Self.plainShop)
        let few = try drive(preview, visits: 100, shop: Self.loadingShop)
        let many = try drive(preview, visits: quick ? 2_000 : 10_000, shop: Self.loadingShop)
        let latency = percentile(loading.shown, 0.99) * 1e3
        let backWaiting = percentile(loading.back, 0.99) * 1e3
        let backPlain = percentile(plain.back, 0.99) * 1e3
        return [
            Figure(
                section: "loading", name: "Loading… on the terminal after the command, 99th percentile",
                value: latency, unit: "ms", condition: "≤ 1 ms", conditionMet: latency <= 1),
            Figure(
                section: "loading", name: "b from a page that loads nothing, 99th percentile", value: backPlain,
                unit: "ms"),
            Figure(
                section: "loading", name: "b while the page's load waits, 99th percentile", value: backWaiting,
                unit: "ms", baseline: "a page that loads nothing", baselineValue: backPlain,
                condition: "≤ 1 ms slower (\(Figure.number(backWaiting - backPlain)) ms)",
                conditionMet: backWaiting - backPlain <= 1),
            Figure(section: "loading", name: "peak memory, 100 visits that cancel a load", value: few.peak, unit: "MB"),
            Figure(
                section: "loading", name: "peak memory, \(many.visits) visits that cancel a load", value: many.peak,
                unit: "MB", baseline: "100 visits", baselineValue: few.peak, goal: 1.2),
        ]
    }

    /// A shop of the preview's list: its number there and the title of its page.
    private struct ListedShop {
        var number: Int
        var title: String
    }

    /// Din Tai Fung, whose page asks for the bookings (which never come), and Blue Bottle Coffee, whose
    /// page loads nothing.
    private static let loadingShop = ListedShop(number: 2, title: "Din Tai Fung")
    private static let plainShop = ListedShop(number: 1, title: "Blue Bottle Coffee")

    /// What one drive measured: each visit's seconds from `2` to its page, and from `b` to the list.
    private struct Drive: Decodable {
        var shown: [Double]
        var back: [Double]
        var peakKilobytes: Double
        var visits: Int
        var peak: Double { peakKilobytes / 1_024 }
    }

    /// Opens `shop` and goes back `visits` times at a pseudo-terminal, each time as soon as the
    /// screen is there; the program's peak memory is read from `/proc` before it quits.
    private func drive(_ preview: String, visits: Int, shop: ListedShop) throws -> Drive {
        let driver = scratch.appendingPathComponent("pty-drive.py")
        try Self.driver.write(to: driver, atomically: true, encoding: .utf8)
        let printed = try Shell.run("python3", [driver.path, preview, String(visits), String(shop.number), shop.title])
        return try JSONDecoder().decode(Drive.self, from: Data(printed.utf8))
    }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// The driver: `pty-drive.py PREVIEW VISITS SHOP TITLE` prints the drive as JSON.
    ///
    /// Each command is timed to its own screen: the screen's title, then the prompt after it. What the
    /// terminal holds before a command is read and dropped first, so a prompt left from an earlier
    /// screen is never taken for the next one (timing to the next `> ` fell a screen behind every few
    /// visits, and after a few hundred the unread output filled the terminal's buffer and stopped the
    /// preview). A screen that does not come within 10 seconds stops the drive, naming it.
    private static let driver = #"""
        import json, os, select, subprocess, sys, time
        program, visits, shop, title = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
        master, slave = os.openpty()
        child = subprocess.Popen(
            [program, "--stub-delay", "3600", "--no-color"], stdin=slave, stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        seen = b""

        def drain():
            global seen
            while select.select([master], [], [], 0)[0]:
                seen += os.read(master, 65536)
            seen = b""

        def wait(texts, seconds=10):
            global seen
            deadline = time.monotonic() + seconds
            for text in texts:
                while text not in seen:
                    left = deadline - time.monotonic()
                    if left <= 0 or not select.select([master], [], [], left)[0]:
                        child.kill()
                        sys.exit("no %r within %s seconds after %r" % (text, seconds, texts))
                    seen += os.read(master, 65536)
                seen = seen[seen.index(text) + len(text):]

        def send(line, screen):
            drain()
            start = time.monotonic()
            os.write(master, line + b"\n")
            wait([b"== " + screen.encode() + b" ==\r\n", b"> "])
            return time.monotonic() - start

        wait([b"== Shops ==\r\n", b"> "])
        shown, back = [], []
        for _ in range(visits):
            shown.append(send(shop.encode(), title))
            back.append(send(b"b", "Shops"))
        with open("/proc/%d/status" % child.pid) as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        os.write(master, b"q\n")
        child.wait(timeout=10)
        print(json.dumps({"shown": shown, "back": back, "peakKilobytes": peak, "visits": visits}))
        """#
}
