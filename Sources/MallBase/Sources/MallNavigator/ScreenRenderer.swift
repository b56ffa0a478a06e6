import MallBase

/// Turns the navigator's state into the text the user sees.
@MainActor
struct ScreenRenderer {
    let style: TextStyle

    /// The breadcrumb, title, body, numbered actions and hint line of the current screen.
    func render(_ navigator: Navigator) -> String {
        let screen = navigator.current
        let content = screen.content
        var lines = [
            style.dim(Self.breadcrumb(of: navigator)),
            style.bold("== \(screen.title) =="),
        ]
        lines += content.body
        if !content.actions.isEmpty {
            lines.append("")
            for (index, action) in content.actions.enumerated() {
                lines.append("  \(style.cyan("\(index + 1).")) \(action.title)")
            }
        }
        lines.append(style.dim(hint(actionCount: content.actions.count, navigator: navigator)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The longest breadcrumb shown whole; longer ones keep the home title and the last titles.
    static let breadcrumbWidth = 90

    /// The navigator's breadcrumb, from its last titles only: a title takes at least 3 of the
    /// `breadcrumbWidth` characters (" › "), so more than `breadcrumbWidth / 3` of them never show,
    /// and rendering costs the same at any depth.
    static func breadcrumb(of navigator: Navigator) -> String {
        let tail = navigator.breadcrumb(last: breadcrumbWidth / 3 + 1)
        return breadcrumb([navigator.homeTitle] + tail, hidden: navigator.depth - tail.count)
    }

    /// The titles joined with `›`, eliding middle titles when the path is too long to read at a glance:
    /// the first title stays, then as many of the last ones as fit in `breadcrumbWidth` with `…`
    /// between. Each title is measured once.
    /// - Parameter hidden: How many titles after the first were already left out of `titles`.
    static func breadcrumb(_ titles: [String], hidden: Int = 0) -> String {
        let separator = " › "
        var width = titles.reduce(0) { $0 + $1.count } + separator.count * max(0, titles.count - 1)
        var first = 1  // the first of the last titles that show
        var elided = hidden > 0
        while titles.count - first > 1, width + (elided ? 4 : 0) > breadcrumbWidth {
            width -= titles[first].count + separator.count
            first += 1
            elided = true
        }
        // An array, not a slice: the first slice joined at launch had the runtime check its conformances.
        let shown = Array(titles.prefix(1)) + (elided ? ["…"] : []) + titles.dropFirst(first)
        return shown.joined(separator: separator)
    }

    private func hint(actionCount: Int, navigator: Navigator) -> String {
        var parts: [String] = []
        switch actionCount {
        case 0: break
        case 1: parts.append("1 choose")
        default: parts.append("1–\(actionCount) choose")
        }
        if navigator.depth > 0 {
            parts.append(navigator.isModal ? "b back/close" : "b back")
            parts.append("h home")
        }
        parts += ["q quit", "? help"]
        return parts.joined(separator: " · ")
    }

    /// The help text for `?`.
    static let help = """
        Commands:
          1, 2, …    choose the numbered action
          b, back    go back; on the first page of a modal, close it
          h, home    return to the home screen
          r, reload  load this screen again
          q, quit    leave the app
          ?, help    show this help
        """

    /// The help line for `open`, shown by programs that open links.
    static let openHelp = """
          open URL   open a link as another app would, e.g. open mall://shop/detail?shopId=s01
        """
}
