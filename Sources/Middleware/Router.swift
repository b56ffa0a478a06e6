/// Wires one business component: finds an implementation for every `require_` it declares.
///
/// A router lives in the app (the shell), holds its component's singleton and, in ``configure()``,
/// assigns each requirement either to a sibling component's `provide_` or to something the app owns.
/// Routers are deliberately thin: they find implementations, they never hold business logic.
@MainActor
public protocol Router {
    /// The type of the component singleton this router wires.
    associatedtype Component: AnyObject

    /// The component singleton this router wires.
    var component: Component { get }

    /// Assigns every requirement of ``component``; calling it twice must be harmless.
    func configure()
}

extension Router {
    /// The component's name as the audit and diagnostics spell it, e.g. `Shop`.
    public var componentName: String { _typeName(Component.self, qualified: false) }
}
