import MallBase

/// One run of the text app: reads commands from a terminal and navigates between screens.
@MainActor
public final class Session {
    /// Whether the session goes on after a command.
    public enum Status: Equatable, Sendable {
        case running
        case finished
    }

    /// The navigation state the session drives.
    public let navigator: Navigator
    private let terminal: any Terminal
    private let renderer: ScreenRenderer
    private let style: TextStyle

    /// Creates a session that starts on `home` and talks through `terminal`.
    public init(home: Screen, terminal: any Terminal) {
        self.navigator = Navigator(root: home)
        self.terminal = terminal
        self.style = TextStyle(usesColor: terminal.usesColor)
        self.renderer = ScreenRenderer(style: style)
    }

    /// Shows the first screen, then runs commands until `q` or the end of input.
    public func run() {
        showCurrentScreen()
        while let line = terminal.readLine() {
            if submit(line) == .finished {
                return
            }
        }
        // End of input is a normal way to leave piped or scripted sessions.
        terminal.write(terminal.isInteractive ? "\n" : "(end of input)\n")
    }

    /// Shows the current screen and the prompt.
    public func showCurrentScreen() {
        terminal.write("\n" + renderer.render(navigator) + "> ")
    }

    /// Carries out one line of input, then shows the resulting screen. Bad input never ends the session.
    ///
    /// - Parameter note: A comment printed after the echoed input, e.g. the tour's narration.
    @discardableResult
    public func submit(_ line: String, note: String? = nil) -> Status {
        if !terminal.isInteractive {
            terminal.write(Self.echo(line) + (note.map { "    # \($0)" } ?? "") + "\n")
        }
        let actions = navigator.current.actions
        switch Command.parse(line, actionCount: actions.count) {
        case .failure(let error):
            report(error)
        case .success(.quit):
            terminal.write("Bye.\n")
            return .finished
        case .success(.help):
            terminal.write(ScreenRenderer.help + "\n")
        case .success(.home):
            navigator.home()
        case .success(.back):
            goBack()
        case .success(.choose(let number)):
            perform(actions[number - 1])
        }
        showCurrentScreen()
        return .running
    }

    private func perform(_ action: Action) {
        switch action.effect {
        case .push(let destination):
            navigator.push(destination())
        case .present(let destination):
            navigator.present(destination())
        case .back:
            goBack()
        case .dismiss:
            do {
                try navigator.dismiss()
            } catch {
                goBack()
            }
        case .message(let perform):
            terminal.write(style.yellow("→ \(perform())") + "\n")
        }
    }

    private func goBack() {
        do {
            try navigator.back()
        } catch {
            report(InputError("already at the home screen", hint: "choose an action, or q to quit"))
        }
    }

    private func report(_ error: InputError) {
        terminal.write(style.red(error.description) + "\n")
    }

    /// The input as it is echoed in a transcript: one line, control characters shown as `�`, long lines cut.
    static func echo(_ line: String) -> String {
        let visible = String(
            String.UnicodeScalarView(
                line.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }
            )
        )
        guard visible.count > Command.maximumLength else { return visible }
        return String(visible.prefix(Command.maximumLength)) + "… (\(visible.count) characters)"
    }
}
