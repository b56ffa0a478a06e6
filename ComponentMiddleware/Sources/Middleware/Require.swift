/// One `require_` property of a component as a value: `Notes.Requires.tagPage`, which the component's
/// list of requires, a line written by hand and the audit's stubs name it by.
///
/// Each component's generated file declares one per require in the component's `Requires`, named
/// after the property without `require_`, as `Provides` holds its provides. It reads and assigns the
/// property through two closures the generator writes, which capture nothing: naming a require costs
/// no allocation and nothing the runtime builds at first use, as a key path would. The line names the
/// component's type, so the compiler looks the require up among that component's alone, at any number
/// of components.
///
/// `Closure` is the property's closure type without the optional, e.g.
/// `(_ noteId: NoteID, _ limit: Int) -> Page`: the wiring functions take it apart by
/// number of parameters, so a route or provide of other values does not build.
@MainActor
public struct Require<Component: ComponentAPI, Closure> {
    /// The property's name, e.g. `require_eventDetail`.
    public let name: String
    /// The require's place among its component's, from 0 in declaration order, where the generator
    /// wrote it: wiring counts the places it assigns to tell a component whose every require it wired.
    public let index: Int?
    @usableFromInline let read: @MainActor (Component) -> Closure?
    @usableFromInline let write: @MainActor (Component, Closure?) -> Void

    /// Names the property `name`, read by `get` and assigned by `set`, as the generated file writes it:
    /// `.init("require_eventDetail", get: { $0.require_eventDetail }, set: { $0.require_eventDetail = $1 })`.
    @inlinable
    public init(
        _ name: String,
        get: @escaping @MainActor (Component) -> Closure?,
        set: @escaping @MainActor (Component, Closure?) -> Void
    ) {
        self.name = name
        self.index = nil
        self.read = get
        self.write = set
    }

    /// Names the property `name`, the require at `index` (from 0, in the order the component declares its
    /// requires, each index once), as the generated file writes it.
    ///
    /// ``Router/configure()`` counts these places to tell a component whose lines assigned every require,
    /// without reading the requires back: a place given to two requires, or to another require than its
    /// own, makes it count wrong. The audit (``Router/audit``, an app's audit command) reads every require back,
    /// so it still finds the hole; `new-component --check` keeps the generated places right.
    @inlinable
    public init(
        _ name: String,
        index: Int,
        get: @escaping @MainActor (Component) -> Closure?,
        set: @escaping @MainActor (Component, Closure?) -> Void
    ) {
        self.name = name
        self.index = index
        self.read = get
        self.write = set
    }

    /// The closure `component` holds for the require, or `nil` where nothing answers it.
    @inlinable public func value(on component: Component) -> Closure? { read(component) }

    /// Assigns `closure` to the require on `component`; `nil` unwires it.
    @inlinable public func assign(on component: Component, _ closure: Closure?) { write(component, closure) }
}
