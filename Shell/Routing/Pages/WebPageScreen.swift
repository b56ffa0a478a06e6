import MallBase

/// The shell's in-app browser page; a terminal cannot show the page, so it shows its address.
@MainActor
public enum WebPageScreen {
    public static func make(url: String) -> Screen {
        Screen(
            title: "Web page",
            origin: "Shell",
            body: ["Opens \(url)", "(The terminal app shows the address; a phone would load the page here.)"],
            actions: [.back()]
        )
    }
}
