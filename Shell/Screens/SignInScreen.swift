import MallBase

/// The shell's sign-in page, shown modally when a guard needs the user signed in first.
@MainActor
enum SignInScreen {
    static let title = "Sign in"

    static func make(account: Account, reason: String) -> Screen {
        Screen(
            title: title,
            origin: "Shell",
            body: [reason, "This demo has one account: \(account.name)."],
            actions: [
                .close("Sign in as \(account.name)") {
                    await account.signIn()
                    return "Signed in as \(account.name)."
                },
                .dismiss("Cancel"),
            ]
        )
    }
}
