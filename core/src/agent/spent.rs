//! What confirmed expenses add to each budget, for the alerts after a
//! write.

use crate::tools::ToolRequest;

/// What confirmed expenses added to one category in one month.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spent {
    pub month: String,
    pub category: String,
    pub amount: crate::money::Centavos,
}

impl Spent {
    /// The expenses among `rows`, summed by month and category.
    pub fn of(rows: &[crate::tools::TransactionRow]) -> Vec<Spent> {
        Spent::summed(
            rows.iter()
                .map(|r| (r.kind, &r.date_iso, &r.category, r.amount_mxn_cents)),
        )
    }

    /// The expenses a write would add, summed by month and category.
    pub fn of_inputs(inputs: &[crate::tools::AddTransactionInput]) -> Vec<Spent> {
        Spent::summed(
            inputs
                .iter()
                .map(|i| (i.kind, &i.date_iso, &i.category, i.amount_mxn_cents)),
        )
    }

    fn summed<'a>(
        rows: impl Iterator<
            Item = (
                crate::tools::TransactionType,
                &'a String,
                &'a String,
                crate::money::Centavos,
            ),
        >,
    ) -> Vec<Spent> {
        let mut spent: Vec<Spent> = Vec::new();
        for (_, date_iso, category, amount) in
            rows.filter(|(kind, ..)| *kind == crate::tools::TransactionType::Expense)
        {
            let month = date_iso.get(..7).unwrap_or_default();
            match spent
                .iter_mut()
                .find(|s| s.month == month && s.category == *category)
            {
                Some(s) => s.amount = s.amount.saturating_add(amount),
                None => spent.push(Spent {
                    month: month.to_string(),
                    category: category.clone(),
                    amount,
                }),
            }
        }
        spent
    }

    pub(crate) fn request(&self) -> ToolRequest {
        ToolRequest::GetBudgetStatus {
            month: self.month.clone(),
            category: Some(self.category.clone()),
        }
    }
}
