// swift-tools-version: 6.1
import PackageDescription

// The notes app of Examples/Notes with its wiring written by hand, depending on no package: what
// `bench --only adopter` builds and launches beside the app that uses the middleware. Only the files
// that replace the middleware are here; bench copies the app's feature and page sources in beside
// them (without their `import Middleware` and the page's stub answer), so both apps run the same
// features.
let features = ["Notes", "Tags"]

let package = Package(
    name: "NotesByHand",
    platforms: [.macOS(.v13)],
    products: [.executable(name: "notes", targets: ["NotesApp"])],
    targets: [
        .target(name: "NotesKit"),
        .executableTarget(
            name: "NotesApp", dependencies: ["NotesKit"] + features.map { .target(name: $0) }, path: "App"),
    ] + features.map { .target(name: $0, dependencies: ["NotesKit"], path: "Features/\($0)") }
)
