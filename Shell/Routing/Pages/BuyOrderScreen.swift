import MallBase

/// The shell's bill-payment page, presented modally over whatever opened it.
@MainActor
public enum BuyOrderScreen {
    /// The bill shown for every merchant: the demo has no point-of-sale to ask.
    static let sampleBillInCents = 12_800

    public static func make(merchantNo: String, itemNo: String) -> Screen {
        var isPaid = false
        let bill = Money.format(cents: sampleBillInCents)
        return Screen(title: "Pay the bill", origin: "Shell") {
            Screen.Content(
                body: [
                    "Merchant \(merchantNo) · item \(itemNo)",
                    isPaid ? "Paid \(bill). Thank you!" : "Amount due: \(bill)",
                ],
                actions: (isPaid
                    ? []
                    : [
                        .message("Pay \(bill)") {
                            isPaid = true; return "Paid \(bill) to \(merchantNo)."
                        }
                    ])
                    + [.dismiss("Close")]
            )
        }
    }
}
