import MallBase

/// The shell's sign-in page, shown modally when a guard needs the user signed in first.
@MainActor
enum SignInScreen {
    static let title = "Sign in"

    /// The page; while the sign-in is still being read from its file, it reads it first and then
    /// says what it found: signed in already (closing the page goes on), or the way to sign in.
    static func make(account: Account, reason: String) -> Screen {
        guard !account.isRead else {
            return Screen(title: title, origin: "Shell") { content(account: account, reason: reason) }
        }
        return Screen(title: title, origin: "Shell", loading: { try await account.read() }) { phase in
            switch phase {
            case .loading:
                Screen.Content(body: [reason, "Your sign-in is being read from its file.", Screen.loadingText])
            case .loaded:
                content(account: account, reason: reason)
            case .failed(let problem):
                Screen.Content(
                    body: [reason, "Your sign-in could not be read: \(problem)"],
                    actions: [.tryAgain(), .dismiss("Cancel")])
            }
        }
    }

    private static func content(account: Account, reason: String) -> Screen.Content {
        guard !account.isSignedIn else {
            return Screen.Content(
                body: ["You are signed in as \(account.name)."], actions: [.dismiss("Go on")])
        }
        return Screen.Content(
            body: [reason, "This demo has one account: \(account.name)."],
            actions: [
                .close("Sign in as \(account.name)") {
                    await account.signIn()
                    return "Signed in as \(account.name)."
                },
                .dismiss("Cancel"),
            ])
    }
}
