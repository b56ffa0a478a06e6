import MallBase
import Middleware

/// The scheme every link into the app uses.
public let mallScheme = "mall"

/// A route into a screen of the mall.
public typealias MallRoute<each Value> = Route<Screen, repeat each Value>
