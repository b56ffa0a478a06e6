/// Everything adding a component changes, computed before anything is written.
public struct ScaffoldPlan: Sendable, Equatable {
    /// A file to change in place.
    public struct Edit: Sendable, Equatable {
        /// The path relative to the package root.
        public var path: String
        /// The contents it must still have when the edit is applied.
        public var original: String
        /// The new contents.
        public var updated: String
    }

    /// The component being added.
    public var component: String
    /// New files: path relative to the package root, and contents.
    public var newFiles: [String: String]
    /// Existing files to change.
    public var edits: [Edit]
    /// The new files that are derived from the component's API (``newFiles`` has them too): they stay
    /// as generated, unformatted, so `new-component --check` finds them current.
    public var derivedPaths: Set<String>
    /// The files and folders moved in whole, one rename each: none existed before.
    public var movedItems: [String]
    /// The targets the manifest declares for the component once the plan is applied.
    public var addedTargets: Set<String>
    /// What to do next, as the app's `scaffold.next` says it.
    public var next: String

    /// Every path the plan writes, sorted.
    public var paths: [String] { (Array(newFiles.keys) + edits.map(\.path)).sorted() }
}
