/// A group-buy deal as a shop lists it: what Shop hands to Groupbuy's "all deals of this shop" screen.
///
/// It replaces the seed's `NSArray<NSDictionary *>`: a typed value both components understand, sunk to
/// the base layer so neither has to import the other.
public struct GroupbuySummary: Sendable, Hashable, Identifiable, Codable {
    /// The deal's id.
    public var id: GroupbuyID
    /// The deal's name, e.g. `Coffee for Two`.
    public var title: String
    /// The group price in cents.
    public var priceInCents: Int

    /// Creates a summary.
    public init(id: GroupbuyID, title: String, priceInCents: Int) {
        self.id = id
        self.title = title
        self.priceInCents = priceInCents
    }

    /// The price as shown to users, e.g. `¥38.00`.
    public var formattedPrice: String { Money.format(cents: priceInCents) }
}
