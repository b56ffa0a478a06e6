import MallBase
import Middleware

/// The scheme every link into the app uses.
let mallScheme = "mall"

/// A route into a screen of the mall.
typealias MallRoute<each Value> = Route<Screen, repeat each Value>
