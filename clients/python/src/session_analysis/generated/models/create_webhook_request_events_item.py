from enum import StrEnum


class CreateWebhookRequestEventsItem(StrEnum):
    ANALYSIS_READY = "analysis.ready"
    BILLING_PAYMENT_FAILED = "billing.payment_failed"
    BILLING_PAYMENT_REVERSED = "billing.payment_reversed"
    BILLING_PAYMENT_SUCCEEDED = "billing.payment_succeeded"
    BILLING_PLAN_CHANGED = "billing.plan_changed"
    SESSION_COMPLETED = "session.completed"
    SESSION_FAILED = "session.failed"
    WEBHOOK_DISABLED = "webhook.disabled"

    def __str__(self) -> str:
        return str(self.value)
