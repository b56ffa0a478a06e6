import Foundation
import MallBase
import MiddlewareSupport
import MiddlewareTesting

extension Action {
    /// The screen the action pushes or presents, built now (after its work, for one that works
    /// first); `nil` for actions that do not open one.
    @MainActor
    public func destination() async -> Screen? {
        switch effect {
        case .push(let destination), .present(let destination): destination()
        case .pushAfter(let work): await work()
        case .back, .dismiss, .message, .close, .reload: nil
        }
    }

    /// Whether the action presents its screen modally.
    public var isPresentation: Bool {
        if case .present = effect { return true }
        return false
    }

    /// Runs a message action and returns its message; `nil` for other actions.
    @MainActor
    public func message() async -> String? {
        if case .message(let perform) = effect { return await perform() }
        if case .close(let perform) = effect { return await perform() }
        return nil
    }
}

extension Screen {
    /// The titles of the current actions, in order.
    @MainActor
    public var actionTitles: [String] { actions.map(\.title) }

    /// Opens the first action whose title starts with `prefix`; `nil` if there is none or it opens nothing.
    @MainActor
    public func open(_ prefix: String) async -> Screen? {
        await actions.first { $0.title.hasPrefix(prefix) }?.destination()
    }
}

extension Screen {
    /// The screen once its load (if it has one) has run to its end, as when the navigator shows it:
    /// each call loads it again, as each time the screen comes back on top.
    @MainActor
    public func loaded(timeLimit: Duration = .seconds(10)) async -> Screen {
        guard let load else { return self }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            load.start(timeLimit: timeLimit, finished: { done.resume() }, abandoned: { done.resume() })
        }
        return self
    }

    /// The screen once its load has run out of time: the load starts on a clock the test moves, which
    /// then moves a twentieth of `timeLimit` at a time (a part runs out at 0.95 of it, the rest has its
    /// grace after it) until the load settles, so a limit of a second costs no second of real time.
    @MainActor
    public func loaded(runningOut timeLimit: Duration) async -> Screen {
        guard let load else { return self }
        let clock = ManualClock()
        let settled = Settled()
        load.start(
            timeLimit: timeLimit, clock: clock.workClock, finished: { settled.isSet = true },
            abandoned: { settled.isSet = true })
        // The load's own timer is the first wait; past twice the limit every wait has ended.
        await clock.waitForSleepers()
        for _ in 0..<40 where !settled.isSet {
            await clock.advance(by: timeLimit / 20)
        }
        return self
    }
}

/// Whether a load settled.
@MainActor
private final class Settled {
    var isSet = false
}
