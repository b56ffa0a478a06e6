import MallBase
import MallNavigator
import MallRouting
import Middleware

/// The user's session with the mall: signed in or not, kept across restarts in the shell's own
/// state file. The demo has one account.
@MainActor
final class Account {
    /// What the shell keeps: whether the user signed in.
    struct State: StoredState, Equatable {
        var isSignedIn = false

        var problem: String? { nil }
    }

    /// The owner of the shell's state file, `Shell.json` (`Shell` is the one name no component may take).
    nonisolated static let owner = "Shell"

    /// The demo account's name.
    let name = "Alex"
    private var state = KeptState(State(), owner: Account.owner, keptIn: nil)

    /// Whether the user signed in.
    var isSignedIn: Bool { state.value.isSignedIn }

    /// Whether the sign-in was read from its file (or nothing is kept): until then ``isSignedIn``
    /// does not know.
    var isRead: Bool { state.isRead }

    /// Keeps the sign-in in `Shell.json` in `folder`, and starts reading it there, off the main actor:
    /// the guard that asks it is called as a navigation happens and cannot wait for the file.
    func keepState(in folder: StateFolder?) {
        let state = KeptState(State(), owner: Self.owner, keptIn: folder)
        self.state = state
        Task { try? await state.read() }
    }

    /// Waits until the sign-in is read from its file; throws what stopped the read when it cannot be
    /// read now. Before input that is not typed at a terminal, whose transcript must not depend on
    /// how long the read takes, and in the sign-in page's load.
    func read() async throws {
        try await state.read()
    }

    /// Signs the demo account in.
    func signIn() async {
        await state.update { $0.isSignedIn = true }
    }

    /// The guard that asks for signing in before a bill opens, then opens it.
    ///
    /// It recognises the bill by its route, so it holds however the bill is reached (Shop's "Pay the
    /// bill", or the bill downgraded to a web page) and no screen knows about it.
    var signInBeforePaying: @MainActor (NavigationRequest) -> GuardDecision {
        { [self] request in
            guard request.destination.link?.route == ShellRoutes.bill.pattern, !isSignedIn,
                [.push, .present, .open].contains(request.kind)
            else { return .proceed }
            // Not read yet (another process may hold its file's lock): the guard cannot wait, so the
            // sign-in page reads it and says what it finds.
            return .detour(SignInScreen.make(account: self, reason: "Paying a bill needs you signed in."))
        }
    }
}
