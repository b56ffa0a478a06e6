import MallBase
import Middleware

/// The Shop component's data: the mall's shops, from the source the app hands the component (the
/// embedded samples by default), and the user's favourites (kept across restarts when the app gives
/// the component a state folder).
@MainActor
final class ShopStore {
    /// The shops, loaded by the screens that show them.
    let shops: Records<ShopCatalog>
    /// What the user did, kept across restarts: the screens that show it read it in their load.
    let state: KeptState<ShopState>
    private let folder: StateFolder?

    init(shops: [ShopRecord] = ShopRecord.samples, keptIn folder: StateFolder? = nil) {
        self.shops = Records(ShopCatalog(shops: shops), name: "shops", owner: "Shop")
        self.state = KeptState(ShopState(), owner: "Shop", keptIn: folder)
        self.folder = folder
    }

    /// Reads the shops from `source` from now on (`nil`: the embedded ones), keeping the last good
    /// answer in the state folder.
    func readShops(from source: (any RecordSource)?) {
        shops.read(from: source, keptIn: folder)
    }

    /// What the user chose for shops whose change is still being saved (another process may hold the
    /// file's lock): a page that leaves meanwhile reports the choice, not the value before it.
    private var chosen: [ShopID: Bool] = [:]

    /// Whether the user favourited the shop, or chose to while the change is being saved.
    func isFavorited(_ id: ShopID) -> Bool {
        chosen[id] ?? state.value.favorites.contains(id)
    }

    /// Adds the shop to the favourites or removes it, as the user asked: another process may have
    /// changed the favourites since the page was drawn, and the user's choice is what they saw.
    func setFavorite(_ id: ShopID, _ isFavorited: Bool) async {
        chosen[id] = isFavorited
        await state.update { state in
            state.favorites.removeAll { $0 == id }
            if isFavorited {
                state.favorites.append(id)
            }
        }
        // Saved, or made in memory when it cannot be: the state says it now, unless a later choice waits.
        if chosen[id] == isFavorited { chosen[id] = nil }
    }
}
