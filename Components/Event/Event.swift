import MallBase
import Middleware

/// The Event component's API: the mall's events, and what they need from the app.
@MainActor
public final class Event {
    /// The component's singleton.
    public static let shared = Event()

    /// The component's data, made when first needed or when the app hands the component its state
    /// folder; the user's state in it is read from its file when a screen first needs it.
    lazy var store = EventStore()

    private init() {}

    /// Puts Event back as it starts: the sample data in memory, every require unwired.
    public func reset() {
        store = EventStore()
        unwireEveryRequire()
    }

    /// Keeps the user's changes in `Event.json` in `folder`, read when the data is next needed.
    public func keepState(in folder: StateFolder?) {
        store = EventStore(keptIn: folder)
    }

    /// Reads the events (the `events` document) from `source`, keeping the last good answer in the
    /// state folder; `nil` reads the embedded ones.
    public func readRecords(from source: (any RecordSource)?) {
        store.readEvents(from: source)
    }

    /// The one document Event reads: `events`.
    public var recordDocuments: [String] { [store.events.name] }

    // MARK: require

    /// The detail page of the shop hosting an event.
    public var require_shopDetail: ((_ shopId: ShopID) -> Screen)?

    // MARK: provide

    /// Every upcoming event in the mall.
    public func provide_eventList() -> Screen {
        EventListScreen.make()
    }

    /// An event's detail page; the type is checked against the event's own.
    public func provide_eventDetail(eventId: EventID, eventType: EventType) -> Screen {
        EventDetailScreen.make(eventId: eventId, eventType: eventType)
    }
}
