import MallBase
import MallNavigator
import Middleware

/// The user's session with the mall: signed in or not. The demo has one account.
@MainActor
final class Account {
    /// The demo account's name.
    let name = "Alex"
    /// Whether the user signed in.
    private(set) var isSignedIn = false

    /// Signs the demo account in.
    func signIn() {
        isSignedIn = true
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
            return .detour(SignInScreen.make(account: self, reason: "Paying a bill needs you signed in."))
        }
    }
}
