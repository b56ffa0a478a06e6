import Testing

@testable import Middleware

/// A record of a document checked by `StateCheck.records`: a room with a name, an id and places.
private struct Room {
    var id: String
    var name: String
    var places: Int
    var booked = 0
}

@Suite("State checks")
struct StateCheckTests {
    /// Each check runs on every record before the next starts, so the first problem named is the first
    /// kind found, wherever its record is; the record's noun names what was wrong.
    @Test(arguments: [
        ([Room(id: "r1", name: "Hall", places: 4)], nil),
        ([Room(id: "r1", name: "Hall", places: -1), Room(id: "r2", name: "", places: 4)], "an empty room's text"),
        (
            [Room(id: "r1", name: "Hall", places: -1), Room(id: "r 2", name: "Den", places: 4)],
            "a room's id that is not 1–64 letters, digits, '-' or '_', 'r 2'"
        ),
        (
            [Room(id: "r1", name: "Hall", places: 4, booked: 5), Room(id: "r2", name: "Den", places: -1)],
            "a count of places of -1"
        ),
        (
            [Room(id: "r1", name: "Hall", places: 4), Room(id: "r1", name: "Den", places: 4, booked: 5)],
            "a room with 5 booked for 4 places"
        ),
        ([Room(id: "r1", name: "Hall", places: 4), Room(id: "r1", name: "Den", places: 4)], "the room 'r1' twice"),
    ])
    fileprivate func aDocumentOfRecordsSaysItsFirstProblem(rooms: [Room], problem: String?) {
        let found = StateCheck.records(
            rooms, as: "room", texts: { [$0.id, $0.name] }, ids: { [$0.id] },
            counts: { [$0.places, $0.booked] }, as: "count of places",
            rule: { $0.booked > $0.places ? "a room with \($0.booked) booked for \($0.places) places" : nil },
            key: \.id)
        #expect(found == problem)
    }

    /// Without a rule, only the kinds of the fields and the keys are checked.
    @Test func aDocumentWithoutARuleChecksItsFieldsAndKeys() {
        let rooms = [Room(id: "r1", name: "Hall", places: 4, booked: 9)]
        let found = StateCheck.records(
            rooms, as: "room", texts: { [$0.name] }, ids: { [$0.id] }, counts: { [$0.places] }, as: "count",
            key: \.id)
        #expect(found == nil)
    }
}
