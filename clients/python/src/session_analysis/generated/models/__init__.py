"""Contains all the data models used in inputs/outputs"""

from .accept_invitation_request import AcceptInvitationRequest
from .accept_my_invitation_response_200 import AcceptMyInvitationResponse200
from .accept_my_invitation_response_200_data import AcceptMyInvitationResponse200Data
from .accept_my_invitation_response_200_data_role import (
    AcceptMyInvitationResponse200DataRole,
)
from .accept_organization_invitation_response_200 import (
    AcceptOrganizationInvitationResponse200,
)
from .accepted_invitation import AcceptedInvitation
from .accepted_invitation_role import AcceptedInvitationRole
from .add_payment_method_request import AddPaymentMethodRequest
from .add_payment_method_response_201 import AddPaymentMethodResponse201
from .add_sso_domain_body import AddSsoDomainBody
from .add_sso_domain_response_201 import AddSsoDomainResponse201
from .analysis import Analysis
from .analysis_history import AnalysisHistory
from .analysis_history_entry import AnalysisHistoryEntry
from .analysis_metadata_type_0 import AnalysisMetadataType0
from .analysis_results_type_0 import AnalysisResultsType0
from .analysis_results_type_0_detailed_analysis import (
    AnalysisResultsType0DetailedAnalysis,
)
from .analysis_results_type_0_detailed_analysis_spatial_data import (
    AnalysisResultsType0DetailedAnalysisSpatialData,
)
from .analysis_results_type_0_detailed_analysis_temporal_data import (
    AnalysisResultsType0DetailedAnalysisTemporalData,
)
from .analysis_status import AnalysisStatus
from .api_key import ApiKey
from .audit_entry import AuditEntry
from .audit_entry_actor import AuditEntryActor
from .audit_entry_after_type_0 import AuditEntryAfterType0
from .audit_entry_before_type_0 import AuditEntryBeforeType0
from .audit_entry_target import AuditEntryTarget
from .audit_log_page import AuditLogPage
from .auth_result import AuthResult
from .auth_result_token_type import AuthResultTokenType
from .authorization_server_metadata import AuthorizationServerMetadata
from .authorization_server_metadata_scopes_supported_item import (
    AuthorizationServerMetadataScopesSupportedItem,
)
from .billing import Billing
from .billing_credits import BillingCredits
from .billing_history import BillingHistory
from .billing_payment_method_type_0 import BillingPaymentMethodType0
from .billing_payment_method_type_0_type import BillingPaymentMethodType0Type
from .billing_pending_tier_type_1 import BillingPendingTierType1
from .billing_pending_tier_type_2_type_1 import BillingPendingTierType2Type1
from .billing_pending_tier_type_3_type_1 import BillingPendingTierType3Type1
from .billing_status import BillingStatus
from .billing_tier import BillingTier
from .billing_trial_tier_type_1 import BillingTrialTierType1
from .billing_trial_tier_type_2_type_1 import BillingTrialTierType2Type1
from .billing_trial_tier_type_3_type_1 import BillingTrialTierType3Type1
from .billing_usage import BillingUsage
from .cancel_session_result import CancelSessionResult
from .cancel_session_result_refund import CancelSessionResultRefund
from .cancel_session_result_refund_refund_reason import (
    CancelSessionResultRefundRefundReason,
)
from .change_member_role_request import ChangeMemberRoleRequest
from .change_member_role_request_role import ChangeMemberRoleRequestRole
from .change_organization_member_role_response_200 import (
    ChangeOrganizationMemberRoleResponse200,
)
from .change_password_request import ChangePasswordRequest
from .change_plan_response_200 import ChangePlanResponse200
from .client_registration_request import ClientRegistrationRequest
from .client_registration_request_grant_types_item import (
    ClientRegistrationRequestGrantTypesItem,
)
from .client_registration_request_response_types_item import (
    ClientRegistrationRequestResponseTypesItem,
)
from .client_registration_request_token_endpoint_auth_method import (
    ClientRegistrationRequestTokenEndpointAuthMethod,
)
from .client_registration_response import ClientRegistrationResponse
from .client_registration_response_token_endpoint_auth_method import (
    ClientRegistrationResponseTokenEndpointAuthMethod,
)
from .confirm_totp_response_200 import ConfirmTotpResponse200
from .coordinates import Coordinates
from .create_api_key_request import CreateApiKeyRequest
from .create_api_key_request_scopes_item import CreateApiKeyRequestScopesItem
from .create_api_key_response_201 import CreateApiKeyResponse201
from .create_invitation_request import CreateInvitationRequest
from .create_invitation_request_role import CreateInvitationRequestRole
from .create_o_auth_client_request import CreateOAuthClientRequest
from .create_o_auth_client_request_client_type import CreateOAuthClientRequestClientType
from .create_o_auth_client_request_grant_types_item import (
    CreateOAuthClientRequestGrantTypesItem,
)
from .create_o_auth_client_request_scopes_item import CreateOAuthClientRequestScopesItem
from .create_o_auth_client_response_201 import CreateOAuthClientResponse201
from .create_organization_invitation_response_201 import (
    CreateOrganizationInvitationResponse201,
)
from .create_organization_request import CreateOrganizationRequest
from .create_organization_response_201 import CreateOrganizationResponse201
from .create_scim_connection import CreateScimConnection
from .create_scim_connection_default_role import CreateScimConnectionDefaultRole
from .create_scim_connection_group_roles import CreateScimConnectionGroupRoles
from .create_scim_connection_group_roles_additional_property import (
    CreateScimConnectionGroupRolesAdditionalProperty,
)
from .create_scim_connection_response_201 import CreateScimConnectionResponse201
from .create_session_request import CreateSessionRequest
from .create_session_request_session_type import CreateSessionRequestSessionType
from .create_session_response_201 import CreateSessionResponse201
from .create_sso_connection_request_type_0_kind import (
    CreateSsoConnectionRequestType0Kind,
)
from .create_sso_connection_request_type_0_saml_default_role_type_1 import (
    CreateSsoConnectionRequestType0SamlDefaultRoleType1,
)
from .create_sso_connection_request_type_0_saml_default_role_type_2_type_1 import (
    CreateSsoConnectionRequestType0SamlDefaultRoleType2Type1,
)
from .create_sso_connection_request_type_0_saml_default_role_type_3_type_1 import (
    CreateSsoConnectionRequestType0SamlDefaultRoleType3Type1,
)
from .create_sso_connection_request_type_0_saml_group_roles import (
    CreateSsoConnectionRequestType0SamlGroupRoles,
)
from .create_sso_connection_request_type_0_saml_group_roles_additional_property import (
    CreateSsoConnectionRequestType0SamlGroupRolesAdditionalProperty,
)
from .create_sso_connection_request_type_1_kind import (
    CreateSsoConnectionRequestType1Kind,
)
from .create_sso_connection_request_type_1_ldap_bind_mode import (
    CreateSsoConnectionRequestType1LdapBindMode,
)
from .create_sso_connection_request_type_1_ldap_default_role_type_1 import (
    CreateSsoConnectionRequestType1LdapDefaultRoleType1,
)
from .create_sso_connection_request_type_1_ldap_default_role_type_2_type_1 import (
    CreateSsoConnectionRequestType1LdapDefaultRoleType2Type1,
)
from .create_sso_connection_request_type_1_ldap_default_role_type_3_type_1 import (
    CreateSsoConnectionRequestType1LdapDefaultRoleType3Type1,
)
from .create_sso_connection_request_type_1_ldap_group_roles import (
    CreateSsoConnectionRequestType1LdapGroupRoles,
)
from .create_sso_connection_request_type_1_ldap_group_roles_additional_property import (
    CreateSsoConnectionRequestType1LdapGroupRolesAdditionalProperty,
)
from .create_sso_connection_response_201 import CreateSsoConnectionResponse201
from .create_webhook_request import CreateWebhookRequest
from .create_webhook_request_events_item import CreateWebhookRequestEventsItem
from .create_webhook_response_201 import CreateWebhookResponse201
from .created_invitation import CreatedInvitation
from .created_session import CreatedSession
from .created_session_session_type import CreatedSessionSessionType
from .created_session_status import CreatedSessionStatus
from .created_webhook import CreatedWebhook
from .credit_package import CreditPackage
from .credit_package_code import CreditPackageCode
from .delete_account_request import DeleteAccountRequest
from .delivery_queued import DeliveryQueued
from .delivery_queued_status import DeliveryQueuedStatus
from .development_mail_outbox import DevelopmentMailOutbox
from .development_mail_outbox_messages_item import DevelopmentMailOutboxMessagesItem
from .email_change_confirm_request import EmailChangeConfirmRequest
from .email_change_request import EmailChangeRequest
from .email_verification_sent import EmailVerificationSent
from .end_other_sign_ins_response_200 import EndOtherSignInsResponse200
from .end_other_sign_ins_response_200_data import EndOtherSignInsResponse200Data
from .enrol_totp_response_201 import EnrolTotpResponse201
from .error_envelope import ErrorEnvelope
from .error_envelope_error import ErrorEnvelopeError
from .error_envelope_error_code import ErrorEnvelopeErrorCode
from .error_envelope_error_details import ErrorEnvelopeErrorDetails
from .export_sessions_format import ExportSessionsFormat
from .export_sessions_session_type import ExportSessionsSessionType
from .export_sessions_status import ExportSessionsStatus
from .export_transactions_format import ExportTransactionsFormat
from .export_users_format import ExportUsersFormat
from .export_users_tier import ExportUsersTier
from .finding import Finding
from .forgot_password_request import ForgotPasswordRequest
from .get_billing_response_200 import GetBillingResponse200
from .get_me_response_200 import GetMeResponse200
from .get_mfa_status_response_200 import GetMfaStatusResponse200
from .get_my_stats_period import GetMyStatsPeriod
from .get_my_stats_response_200 import GetMyStatsResponse200
from .get_o_auth_client_response_200 import GetOAuthClientResponse200
from .get_organization_billing_response_200 import GetOrganizationBillingResponse200
from .get_organization_response_200 import GetOrganizationResponse200
from .get_scim_connection_response_200 import GetScimConnectionResponse200
from .get_session_analysis_history_response_200 import (
    GetSessionAnalysisHistoryResponse200,
)
from .get_session_analysis_response_200 import GetSessionAnalysisResponse200
from .get_session_response_200 import GetSessionResponse200
from .get_sso_connection_response_200 import GetSsoConnectionResponse200
from .get_system_status_response_200 import GetSystemStatusResponse200
from .get_user_analytics_period import GetUserAnalyticsPeriod
from .get_user_analytics_response_200 import GetUserAnalyticsResponse200
from .get_user_analytics_tier import GetUserAnalyticsTier
from .get_webhook_response_200 import GetWebhookResponse200
from .introspection_response import IntrospectionResponse
from .introspection_response_token_type import IntrospectionResponseTokenType
from .json_rpc_message import JsonRpcMessage
from .json_rpc_message_error import JsonRpcMessageError
from .json_rpc_message_error_data import JsonRpcMessageErrorData
from .json_rpc_message_jsonrpc import JsonRpcMessageJsonrpc
from .json_rpc_message_params import JsonRpcMessageParams
from .json_rpc_message_result import JsonRpcMessageResult
from .json_web_key_set import JsonWebKeySet
from .json_web_key_set_keys_item import JsonWebKeySetKeysItem
from .ldap_login_request import LdapLoginRequest
from .ldap_login_response_200 import LdapLoginResponse200
from .list_api_keys_response_200 import ListApiKeysResponse200
from .list_api_keys_response_200_data import ListApiKeysResponse200Data
from .list_billing_history_response_200 import ListBillingHistoryResponse200
from .list_credit_packages_response_200 import ListCreditPackagesResponse200
from .list_credit_packages_response_200_data import ListCreditPackagesResponse200Data
from .list_my_invitations_response_200 import ListMyInvitationsResponse200
from .list_my_invitations_response_200_data import ListMyInvitationsResponse200Data
from .list_o_auth_clients_response_200 import ListOAuthClientsResponse200
from .list_o_auth_clients_response_200_data import ListOAuthClientsResponse200Data
from .list_organization_audit_log_response_200 import (
    ListOrganizationAuditLogResponse200,
)
from .list_organization_invitations_response_200 import (
    ListOrganizationInvitationsResponse200,
)
from .list_organization_mail_outbox_response_200 import (
    ListOrganizationMailOutboxResponse200,
)
from .list_organization_members_response_200 import ListOrganizationMembersResponse200
from .list_organizations_response_200 import ListOrganizationsResponse200
from .list_passkeys_response_200 import ListPasskeysResponse200
from .list_payment_methods_response_200 import ListPaymentMethodsResponse200
from .list_payment_methods_response_200_data import ListPaymentMethodsResponse200Data
from .list_scim_connections_response_200 import ListScimConnectionsResponse200
from .list_sessions_order import ListSessionsOrder
from .list_sessions_response_200 import ListSessionsResponse200
from .list_sessions_session_type import ListSessionsSessionType
from .list_sessions_sort_by import ListSessionsSortBy
from .list_sessions_status import ListSessionsStatus
from .list_sign_ins_response_200 import ListSignInsResponse200
from .list_sign_ins_response_200_data import ListSignInsResponse200Data
from .list_sso_connections_response_200 import ListSsoConnectionsResponse200
from .list_sso_domains_response_200 import ListSsoDomainsResponse200
from .list_webhook_deliveries_response_200 import ListWebhookDeliveriesResponse200
from .list_webhooks_response_200 import ListWebhooksResponse200
from .list_webhooks_response_200_data import ListWebhooksResponse200Data
from .login_request import LoginRequest
from .login_response_200 import LoginResponse200
from .login_with_passkey_response_200 import LoginWithPasskeyResponse200
from .mcp_registry_entry import McpRegistryEntry
from .mcp_registry_entry_meta import McpRegistryEntryMeta
from .mcp_registry_entry_remotes_item import McpRegistryEntryRemotesItem
from .mcp_registry_entry_remotes_item_headers_item import (
    McpRegistryEntryRemotesItemHeadersItem,
)
from .mcp_registry_entry_remotes_item_headers_item_format import (
    McpRegistryEntryRemotesItemHeadersItemFormat,
)
from .mcp_registry_entry_remotes_item_type import McpRegistryEntryRemotesItemType
from .message_envelope import MessageEnvelope
from .mfa_challenge import MfaChallenge
from .mfa_challenge_factors_item import MfaChallengeFactorsItem
from .mfa_status import MfaStatus
from .mfa_step_up import MfaStepUp
from .month_usage import MonthUsage
from .my_invitation import MyInvitation
from .my_invitation_organization import MyInvitationOrganization
from .my_invitation_role import MyInvitationRole
from .new_api_key import NewApiKey
from .new_o_auth_client import NewOAuthClient
from .o_auth_client import OAuthClient
from .o_auth_client_client_type import OAuthClientClientType
from .o_auth_client_token_endpoint_auth_method import OAuthClientTokenEndpointAuthMethod
from .o_auth_error import OAuthError
from .oauth_authorize_alias_code_challenge_method import (
    OauthAuthorizeAliasCodeChallengeMethod,
)
from .oauth_authorize_alias_response_type import OauthAuthorizeAliasResponseType
from .oauth_authorize_code_challenge_method import OauthAuthorizeCodeChallengeMethod
from .oauth_authorize_decision_body import OauthAuthorizeDecisionBody
from .oauth_authorize_decision_body_action import OauthAuthorizeDecisionBodyAction
from .oauth_authorize_response_type import OauthAuthorizeResponseType
from .organization import Organization
from .organization_invitation import OrganizationInvitation
from .organization_invitation_list import OrganizationInvitationList
from .organization_invitation_role import OrganizationInvitationRole
from .organization_invitation_status import OrganizationInvitationStatus
from .organization_list import OrganizationList
from .organization_member import OrganizationMember
from .organization_member_list import OrganizationMemberList
from .organization_member_role import OrganizationMemberRole
from .organization_role import OrganizationRole
from .pagination import Pagination
from .passkey import Passkey
from .passkey_assertion import PasskeyAssertion
from .passkey_assertion_authenticator_attachment import (
    PasskeyAssertionAuthenticatorAttachment,
)
from .passkey_assertion_client_extension_results import (
    PasskeyAssertionClientExtensionResults,
)
from .passkey_assertion_response import PasskeyAssertionResponse
from .passkey_assertion_type import PasskeyAssertionType
from .passkey_attestation import PasskeyAttestation
from .passkey_attestation_authenticator_attachment import (
    PasskeyAttestationAuthenticatorAttachment,
)
from .passkey_attestation_client_extension_results import (
    PasskeyAttestationClientExtensionResults,
)
from .passkey_attestation_response import PasskeyAttestationResponse
from .passkey_attestation_type import PasskeyAttestationType
from .passkey_creation_options import PasskeyCreationOptions
from .passkey_creation_options_authenticator_selection import (
    PasskeyCreationOptionsAuthenticatorSelection,
)
from .passkey_creation_options_exclude_credentials_item import (
    PasskeyCreationOptionsExcludeCredentialsItem,
)
from .passkey_creation_options_extensions import PasskeyCreationOptionsExtensions
from .passkey_creation_options_pub_key_cred_params_item import (
    PasskeyCreationOptionsPubKeyCredParamsItem,
)
from .passkey_creation_options_rp import PasskeyCreationOptionsRp
from .passkey_creation_options_user import PasskeyCreationOptionsUser
from .passkey_device_type import PasskeyDeviceType
from .passkey_list import PasskeyList
from .passkey_login_request import PasskeyLoginRequest
from .passkey_registration import PasskeyRegistration
from .passkey_registration_options_response_200 import (
    PasskeyRegistrationOptionsResponse200,
)
from .passkey_registration_request import PasskeyRegistrationRequest
from .passkey_rename_request import PasskeyRenameRequest
from .passkey_request_options import PasskeyRequestOptions
from .passkey_request_options_allow_credentials_item import (
    PasskeyRequestOptionsAllowCredentialsItem,
)
from .passkey_request_options_user_verification import (
    PasskeyRequestOptionsUserVerification,
)
from .passkey_sign_in_options_response_200 import PasskeySignInOptionsResponse200
from .payment_method import PaymentMethod
from .payment_method_type import PaymentMethodType
from .plan import Plan
from .plan_change_request import PlanChangeRequest
from .plan_change_request_tier import PlanChangeRequestTier
from .plan_change_result import PlanChangeResult
from .plan_change_result_charge_type_0 import PlanChangeResultChargeType0
from .plan_tier import PlanTier
from .preferences import Preferences
from .preferences_language import PreferencesLanguage
from .preferences_theme import PreferencesTheme
from .protected_resource_metadata import ProtectedResourceMetadata
from .protected_resource_metadata_bearer_methods_supported_item import (
    ProtectedResourceMetadataBearerMethodsSupportedItem,
)
from .protected_resource_metadata_scopes_supported_item import (
    ProtectedResourceMetadataScopesSupportedItem,
)
from .purchase_credits_response_201 import PurchaseCreditsResponse201
from .purchase_organization_credits_response_201 import (
    PurchaseOrganizationCreditsResponse201,
)
from .purchase_request import PurchaseRequest
from .purchase_request_credit_package import PurchaseRequestCreditPackage
from .purchase_result import PurchaseResult
from .purchase_result_payment_status import PurchaseResultPaymentStatus
from .quote_session_response_200 import QuoteSessionResponse200
from .receive_stripe_event_response_200 import ReceiveStripeEventResponse200
from .receive_stripe_event_response_200_data import ReceiveStripeEventResponse200Data
from .receive_stripe_event_response_200_data_outcome import (
    ReceiveStripeEventResponse200DataOutcome,
)
from .recover_webhook_deliveries_response_202 import RecoverWebhookDeliveriesResponse202
from .recover_webhook_request import RecoverWebhookRequest
from .recovery_codes import RecoveryCodes
from .refresh_request import RefreshRequest
from .refresh_result import RefreshResult
from .refresh_result_token_type import RefreshResultTokenType
from .refresh_token_response_200 import RefreshTokenResponse200
from .regenerate_recovery_codes_response_200 import RegenerateRecoveryCodesResponse200
from .register_passkey_response_201 import RegisterPasskeyResponse201
from .register_request import RegisterRequest
from .register_request_tier import RegisterRequestTier
from .register_response_201 import RegisterResponse201
from .rename_organization_request import RenameOrganizationRequest
from .rename_organization_response_200 import RenameOrganizationResponse200
from .rename_passkey_response_200 import RenamePasskeyResponse200
from .replay_webhook_delivery_response_202 import ReplayWebhookDeliveryResponse202
from .resend_email_verification_response_200 import ResendEmailVerificationResponse200
from .reset_password_request import ResetPasswordRequest
from .retry_payment_response_200 import RetryPaymentResponse200
from .revoke_api_key_response_200 import RevokeApiKeyResponse200
from .revoke_scim_connection_response_200 import RevokeScimConnectionResponse200
from .rotate_api_key_request import RotateApiKeyRequest
from .rotate_api_key_response_201 import RotateApiKeyResponse201
from .rotate_scim_token_response_200 import RotateScimTokenResponse200
from .rotate_webhook_secret_request import RotateWebhookSecretRequest
from .rotate_webhook_secret_response_200 import RotateWebhookSecretResponse200
from .rotated_webhook_secret import RotatedWebhookSecret
from .saml_assertion_consumer_body import SamlAssertionConsumerBody
from .saml_assertion_consumer_response_200 import SamlAssertionConsumerResponse200
from .scim_connection import ScimConnection
from .scim_connection_default_role import ScimConnectionDefaultRole
from .scim_connection_group_roles import ScimConnectionGroupRoles
from .scim_connection_group_roles_additional_property import (
    ScimConnectionGroupRolesAdditionalProperty,
)
from .scim_connection_status import ScimConnectionStatus
from .scim_connection_with_token import ScimConnectionWithToken
from .scim_error import ScimError
from .scim_error_schemas_item import ScimErrorSchemasItem
from .scim_get_resource_type_response_200 import ScimGetResourceTypeResponse200
from .scim_get_schema_response_200 import ScimGetSchemaResponse200
from .scim_list_resource_types_response_200 import ScimListResourceTypesResponse200
from .scim_list_response import ScimListResponse
from .scim_list_schemas_response_200 import ScimListSchemasResponse200
from .scim_patch_op import ScimPatchOp
from .scim_patch_op_operations_item import ScimPatchOpOperationsItem
from .scim_patch_op_schemas_item import ScimPatchOpSchemasItem
from .scim_resource import ScimResource
from .scim_search_request import ScimSearchRequest
from .scim_service_provider_config_response_200 import (
    ScimServiceProviderConfigResponse200,
)
from .service_role import ServiceRole
from .service_role_request import ServiceRoleRequest
from .service_role_request_role import ServiceRoleRequestRole
from .service_role_role import ServiceRoleRole
from .session import Session
from .session_error_type_0 import SessionErrorType0
from .session_export_row import SessionExportRow
from .session_export_row_results_type_0 import SessionExportRowResultsType0
from .session_list import SessionList
from .session_list_item import SessionListItem
from .session_list_item_session_type import SessionListItemSessionType
from .session_list_item_status import SessionListItemStatus
from .session_metadata import SessionMetadata
from .session_metadata_input import SessionMetadataInput
from .session_parameters import SessionParameters
from .session_parameters_analysis_types_item import SessionParametersAnalysisTypesItem
from .session_parameters_input import SessionParametersInput
from .session_parameters_input_analysis_types_item import (
    SessionParametersInputAnalysisTypesItem,
)
from .session_parameters_input_priority import SessionParametersInputPriority
from .session_parameters_priority import SessionParametersPriority
from .session_quote import SessionQuote
from .session_quote_lines_item import SessionQuoteLinesItem
from .session_quote_lines_item_kind import SessionQuoteLinesItemKind
from .session_quote_request import SessionQuoteRequest
from .session_quote_request_session_type import SessionQuoteRequestSessionType
from .session_quote_session_type import SessionQuoteSessionType
from .session_results_type_0 import SessionResultsType0
from .session_session_type import SessionSessionType
from .session_status import SessionStatus
from .set_default_payment_method_response_200 import SetDefaultPaymentMethodResponse200
from .set_user_service_role_response_200 import SetUserServiceRoleResponse200
from .sign_in import SignIn
from .sign_in_kind import SignInKind
from .sso_connection import SsoConnection
from .sso_connection_kind import SsoConnectionKind
from .sso_connection_sp import SsoConnectionSp
from .sso_domain import SsoDomain
from .sso_domain_txt_record import SsoDomainTxtRecord
from .sso_ldap_settings import SsoLdapSettings
from .sso_ldap_settings_bind_mode import SsoLdapSettingsBindMode
from .sso_ldap_settings_default_role_type_1 import SsoLdapSettingsDefaultRoleType1
from .sso_ldap_settings_default_role_type_2_type_1 import (
    SsoLdapSettingsDefaultRoleType2Type1,
)
from .sso_ldap_settings_default_role_type_3_type_1 import (
    SsoLdapSettingsDefaultRoleType3Type1,
)
from .sso_ldap_settings_group_roles import SsoLdapSettingsGroupRoles
from .sso_ldap_settings_group_roles_additional_property import (
    SsoLdapSettingsGroupRolesAdditionalProperty,
)
from .sso_saml_settings import SsoSamlSettings
from .sso_saml_settings_default_role_type_1 import SsoSamlSettingsDefaultRoleType1
from .sso_saml_settings_default_role_type_2_type_1 import (
    SsoSamlSettingsDefaultRoleType2Type1,
)
from .sso_saml_settings_default_role_type_3_type_1 import (
    SsoSamlSettingsDefaultRoleType3Type1,
)
from .sso_saml_settings_group_roles import SsoSamlSettingsGroupRoles
from .sso_saml_settings_group_roles_additional_property import (
    SsoSamlSettingsGroupRolesAdditionalProperty,
)
from .step_up_mfa_response_200 import StepUpMfaResponse200
from .step_up_passkey_options_response_200 import StepUpPasskeyOptionsResponse200
from .system_status import SystemStatus
from .system_status_checks import SystemStatusChecks
from .system_status_checks_additional_property import (
    SystemStatusChecksAdditionalProperty,
)
from .system_status_checks_additional_property_status import (
    SystemStatusChecksAdditionalPropertyStatus,
)
from .system_status_metrics import SystemStatusMetrics
from .system_status_services import SystemStatusServices
from .system_status_services_additional_property import (
    SystemStatusServicesAdditionalProperty,
)
from .system_status_status import SystemStatusStatus
from .test_webhook_response_202 import TestWebhookResponse202
from .token_hint_request import TokenHintRequest
from .token_hint_request_token_type_hint import TokenHintRequestTokenTypeHint
from .token_request import TokenRequest
from .token_request_grant_type import TokenRequestGrantType
from .token_response import TokenResponse
from .token_response_token_type import TokenResponseTokenType
from .totp_confirm_request import TotpConfirmRequest
from .totp_enrolment import TotpEnrolment
from .transaction import Transaction
from .transaction_export_row import TransactionExportRow
from .transaction_session_type_0 import TransactionSessionType0
from .transaction_status import TransactionStatus
from .transaction_type import TransactionType
from .transfer_ownership_request import TransferOwnershipRequest
from .update_me_request import UpdateMeRequest
from .update_me_request_preferences import UpdateMeRequestPreferences
from .update_me_request_preferences_language import UpdateMeRequestPreferencesLanguage
from .update_me_request_preferences_theme import UpdateMeRequestPreferencesTheme
from .update_me_response_200 import UpdateMeResponse200
from .update_me_result import UpdateMeResult
from .update_organization_settings_request import UpdateOrganizationSettingsRequest
from .update_organization_settings_response_200 import (
    UpdateOrganizationSettingsResponse200,
)
from .update_session_request import UpdateSessionRequest
from .update_session_request_metadata import UpdateSessionRequestMetadata
from .update_session_request_parameters import UpdateSessionRequestParameters
from .update_session_request_parameters_priority import (
    UpdateSessionRequestParametersPriority,
)
from .update_session_response_200 import UpdateSessionResponse200
from .update_sso_connection_request import UpdateSsoConnectionRequest
from .update_sso_connection_request_ldap import UpdateSsoConnectionRequestLdap
from .update_sso_connection_request_ldap_bind_mode import (
    UpdateSsoConnectionRequestLdapBindMode,
)
from .update_sso_connection_request_ldap_default_role_type_1 import (
    UpdateSsoConnectionRequestLdapDefaultRoleType1,
)
from .update_sso_connection_request_ldap_default_role_type_2_type_1 import (
    UpdateSsoConnectionRequestLdapDefaultRoleType2Type1,
)
from .update_sso_connection_request_ldap_default_role_type_3_type_1 import (
    UpdateSsoConnectionRequestLdapDefaultRoleType3Type1,
)
from .update_sso_connection_request_ldap_group_roles import (
    UpdateSsoConnectionRequestLdapGroupRoles,
)
from .update_sso_connection_request_ldap_group_roles_additional_property import (
    UpdateSsoConnectionRequestLdapGroupRolesAdditionalProperty,
)
from .update_sso_connection_request_saml import UpdateSsoConnectionRequestSaml
from .update_sso_connection_request_saml_default_role_type_1 import (
    UpdateSsoConnectionRequestSamlDefaultRoleType1,
)
from .update_sso_connection_request_saml_default_role_type_2_type_1 import (
    UpdateSsoConnectionRequestSamlDefaultRoleType2Type1,
)
from .update_sso_connection_request_saml_default_role_type_3_type_1 import (
    UpdateSsoConnectionRequestSamlDefaultRoleType3Type1,
)
from .update_sso_connection_request_saml_group_roles import (
    UpdateSsoConnectionRequestSamlGroupRoles,
)
from .update_sso_connection_request_saml_group_roles_additional_property import (
    UpdateSsoConnectionRequestSamlGroupRolesAdditionalProperty,
)
from .update_sso_connection_response_200 import UpdateSsoConnectionResponse200
from .update_webhook_response_200 import UpdateWebhookResponse200
from .updated_session import UpdatedSession
from .usage_stats import UsageStats
from .user import User
from .user_analytics import UserAnalytics
from .user_analytics_geographic_distribution_item import (
    UserAnalyticsGeographicDistributionItem,
)
from .user_analytics_period import UserAnalyticsPeriod
from .user_analytics_tier import UserAnalyticsTier
from .user_analytics_tier_distribution import UserAnalyticsTierDistribution
from .user_export_row import UserExportRow
from .user_stats import UserStats
from .user_stats_daily_breakdown_item import UserStatsDailyBreakdownItem
from .user_stats_session_types import UserStatsSessionTypes
from .user_stats_sessions import UserStatsSessions
from .user_summary import UserSummary
from .user_summary_tier import UserSummaryTier
from .verify_email_request import VerifyEmailRequest
from .verify_email_response_200 import VerifyEmailResponse200
from .verify_email_result import VerifyEmailResult
from .verify_mfa_response_200 import VerifyMfaResponse200
from .verify_sso_domain_response_200 import VerifySsoDomainResponse200
from .webhook import Webhook
from .webhook_delivery_log import WebhookDeliveryLog
from .webhook_delivery_log_deliveries_item import WebhookDeliveryLogDeliveriesItem
from .webhook_delivery_log_deliveries_item_attempt_log_item import (
    WebhookDeliveryLogDeliveriesItemAttemptLogItem,
)
from .webhook_delivery_log_deliveries_item_status import (
    WebhookDeliveryLogDeliveriesItemStatus,
)
from .webhook_delivery_log_pagination import WebhookDeliveryLogPagination
from .webhook_recovery import WebhookRecovery

__all__ = (
    "AcceptInvitationRequest",
    "AcceptMyInvitationResponse200",
    "AcceptMyInvitationResponse200Data",
    "AcceptMyInvitationResponse200DataRole",
    "AcceptOrganizationInvitationResponse200",
    "AcceptedInvitation",
    "AcceptedInvitationRole",
    "AddPaymentMethodRequest",
    "AddPaymentMethodResponse201",
    "AddSsoDomainBody",
    "AddSsoDomainResponse201",
    "Analysis",
    "AnalysisHistory",
    "AnalysisHistoryEntry",
    "AnalysisMetadataType0",
    "AnalysisResultsType0",
    "AnalysisResultsType0DetailedAnalysis",
    "AnalysisResultsType0DetailedAnalysisSpatialData",
    "AnalysisResultsType0DetailedAnalysisTemporalData",
    "AnalysisStatus",
    "ApiKey",
    "AuditEntry",
    "AuditEntryActor",
    "AuditEntryAfterType0",
    "AuditEntryBeforeType0",
    "AuditEntryTarget",
    "AuditLogPage",
    "AuthResult",
    "AuthResultTokenType",
    "AuthorizationServerMetadata",
    "AuthorizationServerMetadataScopesSupportedItem",
    "Billing",
    "BillingCredits",
    "BillingHistory",
    "BillingPaymentMethodType0",
    "BillingPaymentMethodType0Type",
    "BillingPendingTierType1",
    "BillingPendingTierType2Type1",
    "BillingPendingTierType3Type1",
    "BillingStatus",
    "BillingTier",
    "BillingTrialTierType1",
    "BillingTrialTierType2Type1",
    "BillingTrialTierType3Type1",
    "BillingUsage",
    "CancelSessionResult",
    "CancelSessionResultRefund",
    "CancelSessionResultRefundRefundReason",
    "ChangeMemberRoleRequest",
    "ChangeMemberRoleRequestRole",
    "ChangeOrganizationMemberRoleResponse200",
    "ChangePasswordRequest",
    "ChangePlanResponse200",
    "ClientRegistrationRequest",
    "ClientRegistrationRequestGrantTypesItem",
    "ClientRegistrationRequestResponseTypesItem",
    "ClientRegistrationRequestTokenEndpointAuthMethod",
    "ClientRegistrationResponse",
    "ClientRegistrationResponseTokenEndpointAuthMethod",
    "ConfirmTotpResponse200",
    "Coordinates",
    "CreateApiKeyRequest",
    "CreateApiKeyRequestScopesItem",
    "CreateApiKeyResponse201",
    "CreateInvitationRequest",
    "CreateInvitationRequestRole",
    "CreateOAuthClientRequest",
    "CreateOAuthClientRequestClientType",
    "CreateOAuthClientRequestGrantTypesItem",
    "CreateOAuthClientRequestScopesItem",
    "CreateOAuthClientResponse201",
    "CreateOrganizationInvitationResponse201",
    "CreateOrganizationRequest",
    "CreateOrganizationResponse201",
    "CreateScimConnection",
    "CreateScimConnectionDefaultRole",
    "CreateScimConnectionGroupRoles",
    "CreateScimConnectionGroupRolesAdditionalProperty",
    "CreateScimConnectionResponse201",
    "CreateSessionRequest",
    "CreateSessionRequestSessionType",
    "CreateSessionResponse201",
    "CreateSsoConnectionRequestType0Kind",
    "CreateSsoConnectionRequestType0SamlDefaultRoleType1",
    "CreateSsoConnectionRequestType0SamlDefaultRoleType2Type1",
    "CreateSsoConnectionRequestType0SamlDefaultRoleType3Type1",
    "CreateSsoConnectionRequestType0SamlGroupRoles",
    "CreateSsoConnectionRequestType0SamlGroupRolesAdditionalProperty",
    "CreateSsoConnectionRequestType1Kind",
    "CreateSsoConnectionRequestType1LdapBindMode",
    "CreateSsoConnectionRequestType1LdapDefaultRoleType1",
    "CreateSsoConnectionRequestType1LdapDefaultRoleType2Type1",
    "CreateSsoConnectionRequestType1LdapDefaultRoleType3Type1",
    "CreateSsoConnectionRequestType1LdapGroupRoles",
    "CreateSsoConnectionRequestType1LdapGroupRolesAdditionalProperty",
    "CreateSsoConnectionResponse201",
    "CreateWebhookRequest",
    "CreateWebhookRequestEventsItem",
    "CreateWebhookResponse201",
    "CreatedInvitation",
    "CreatedSession",
    "CreatedSessionSessionType",
    "CreatedSessionStatus",
    "CreatedWebhook",
    "CreditPackage",
    "CreditPackageCode",
    "DeleteAccountRequest",
    "DeliveryQueued",
    "DeliveryQueuedStatus",
    "DevelopmentMailOutbox",
    "DevelopmentMailOutboxMessagesItem",
    "EmailChangeConfirmRequest",
    "EmailChangeRequest",
    "EmailVerificationSent",
    "EndOtherSignInsResponse200",
    "EndOtherSignInsResponse200Data",
    "EnrolTotpResponse201",
    "ErrorEnvelope",
    "ErrorEnvelopeError",
    "ErrorEnvelopeErrorCode",
    "ErrorEnvelopeErrorDetails",
    "ExportSessionsFormat",
    "ExportSessionsSessionType",
    "ExportSessionsStatus",
    "ExportTransactionsFormat",
    "ExportUsersFormat",
    "ExportUsersTier",
    "Finding",
    "ForgotPasswordRequest",
    "GetBillingResponse200",
    "GetMeResponse200",
    "GetMfaStatusResponse200",
    "GetMyStatsPeriod",
    "GetMyStatsResponse200",
    "GetOAuthClientResponse200",
    "GetOrganizationBillingResponse200",
    "GetOrganizationResponse200",
    "GetScimConnectionResponse200",
    "GetSessionAnalysisHistoryResponse200",
    "GetSessionAnalysisResponse200",
    "GetSessionResponse200",
    "GetSsoConnectionResponse200",
    "GetSystemStatusResponse200",
    "GetUserAnalyticsPeriod",
    "GetUserAnalyticsResponse200",
    "GetUserAnalyticsTier",
    "GetWebhookResponse200",
    "IntrospectionResponse",
    "IntrospectionResponseTokenType",
    "JsonRpcMessage",
    "JsonRpcMessageError",
    "JsonRpcMessageErrorData",
    "JsonRpcMessageJsonrpc",
    "JsonRpcMessageParams",
    "JsonRpcMessageResult",
    "JsonWebKeySet",
    "JsonWebKeySetKeysItem",
    "LdapLoginRequest",
    "LdapLoginResponse200",
    "ListApiKeysResponse200",
    "ListApiKeysResponse200Data",
    "ListBillingHistoryResponse200",
    "ListCreditPackagesResponse200",
    "ListCreditPackagesResponse200Data",
    "ListMyInvitationsResponse200",
    "ListMyInvitationsResponse200Data",
    "ListOAuthClientsResponse200",
    "ListOAuthClientsResponse200Data",
    "ListOrganizationAuditLogResponse200",
    "ListOrganizationInvitationsResponse200",
    "ListOrganizationMailOutboxResponse200",
    "ListOrganizationMembersResponse200",
    "ListOrganizationsResponse200",
    "ListPasskeysResponse200",
    "ListPaymentMethodsResponse200",
    "ListPaymentMethodsResponse200Data",
    "ListScimConnectionsResponse200",
    "ListSessionsOrder",
    "ListSessionsResponse200",
    "ListSessionsSessionType",
    "ListSessionsSortBy",
    "ListSessionsStatus",
    "ListSignInsResponse200",
    "ListSignInsResponse200Data",
    "ListSsoConnectionsResponse200",
    "ListSsoDomainsResponse200",
    "ListWebhookDeliveriesResponse200",
    "ListWebhooksResponse200",
    "ListWebhooksResponse200Data",
    "LoginRequest",
    "LoginResponse200",
    "LoginWithPasskeyResponse200",
    "McpRegistryEntry",
    "McpRegistryEntryMeta",
    "McpRegistryEntryRemotesItem",
    "McpRegistryEntryRemotesItemHeadersItem",
    "McpRegistryEntryRemotesItemHeadersItemFormat",
    "McpRegistryEntryRemotesItemType",
    "MessageEnvelope",
    "MfaChallenge",
    "MfaChallengeFactorsItem",
    "MfaStatus",
    "MfaStepUp",
    "MonthUsage",
    "MyInvitation",
    "MyInvitationOrganization",
    "MyInvitationRole",
    "NewApiKey",
    "NewOAuthClient",
    "OAuthClient",
    "OAuthClientClientType",
    "OAuthClientTokenEndpointAuthMethod",
    "OAuthError",
    "OauthAuthorizeAliasCodeChallengeMethod",
    "OauthAuthorizeAliasResponseType",
    "OauthAuthorizeCodeChallengeMethod",
    "OauthAuthorizeDecisionBody",
    "OauthAuthorizeDecisionBodyAction",
    "OauthAuthorizeResponseType",
    "Organization",
    "OrganizationInvitation",
    "OrganizationInvitationList",
    "OrganizationInvitationRole",
    "OrganizationInvitationStatus",
    "OrganizationList",
    "OrganizationMember",
    "OrganizationMemberList",
    "OrganizationMemberRole",
    "OrganizationRole",
    "Pagination",
    "Passkey",
    "PasskeyAssertion",
    "PasskeyAssertionAuthenticatorAttachment",
    "PasskeyAssertionClientExtensionResults",
    "PasskeyAssertionResponse",
    "PasskeyAssertionType",
    "PasskeyAttestation",
    "PasskeyAttestationAuthenticatorAttachment",
    "PasskeyAttestationClientExtensionResults",
    "PasskeyAttestationResponse",
    "PasskeyAttestationType",
    "PasskeyCreationOptions",
    "PasskeyCreationOptionsAuthenticatorSelection",
    "PasskeyCreationOptionsExcludeCredentialsItem",
    "PasskeyCreationOptionsExtensions",
    "PasskeyCreationOptionsPubKeyCredParamsItem",
    "PasskeyCreationOptionsRp",
    "PasskeyCreationOptionsUser",
    "PasskeyDeviceType",
    "PasskeyList",
    "PasskeyLoginRequest",
    "PasskeyRegistration",
    "PasskeyRegistrationOptionsResponse200",
    "PasskeyRegistrationRequest",
    "PasskeyRenameRequest",
    "PasskeyRequestOptions",
    "PasskeyRequestOptionsAllowCredentialsItem",
    "PasskeyRequestOptionsUserVerification",
    "PasskeySignInOptionsResponse200",
    "PaymentMethod",
    "PaymentMethodType",
    "Plan",
    "PlanChangeRequest",
    "PlanChangeRequestTier",
    "PlanChangeResult",
    "PlanChangeResultChargeType0",
    "PlanTier",
    "Preferences",
    "PreferencesLanguage",
    "PreferencesTheme",
    "ProtectedResourceMetadata",
    "ProtectedResourceMetadataBearerMethodsSupportedItem",
    "ProtectedResourceMetadataScopesSupportedItem",
    "PurchaseCreditsResponse201",
    "PurchaseOrganizationCreditsResponse201",
    "PurchaseRequest",
    "PurchaseRequestCreditPackage",
    "PurchaseResult",
    "PurchaseResultPaymentStatus",
    "QuoteSessionResponse200",
    "ReceiveStripeEventResponse200",
    "ReceiveStripeEventResponse200Data",
    "ReceiveStripeEventResponse200DataOutcome",
    "RecoverWebhookDeliveriesResponse202",
    "RecoverWebhookRequest",
    "RecoveryCodes",
    "RefreshRequest",
    "RefreshResult",
    "RefreshResultTokenType",
    "RefreshTokenResponse200",
    "RegenerateRecoveryCodesResponse200",
    "RegisterPasskeyResponse201",
    "RegisterRequest",
    "RegisterRequestTier",
    "RegisterResponse201",
    "RenameOrganizationRequest",
    "RenameOrganizationResponse200",
    "RenamePasskeyResponse200",
    "ReplayWebhookDeliveryResponse202",
    "ResendEmailVerificationResponse200",
    "ResetPasswordRequest",
    "RetryPaymentResponse200",
    "RevokeApiKeyResponse200",
    "RevokeScimConnectionResponse200",
    "RotateApiKeyRequest",
    "RotateApiKeyResponse201",
    "RotateScimTokenResponse200",
    "RotateWebhookSecretRequest",
    "RotateWebhookSecretResponse200",
    "RotatedWebhookSecret",
    "SamlAssertionConsumerBody",
    "SamlAssertionConsumerResponse200",
    "ScimConnection",
    "ScimConnectionDefaultRole",
    "ScimConnectionGroupRoles",
    "ScimConnectionGroupRolesAdditionalProperty",
    "ScimConnectionStatus",
    "ScimConnectionWithToken",
    "ScimError",
    "ScimErrorSchemasItem",
    "ScimGetResourceTypeResponse200",
    "ScimGetSchemaResponse200",
    "ScimListResourceTypesResponse200",
    "ScimListResponse",
    "ScimListSchemasResponse200",
    "ScimPatchOp",
    "ScimPatchOpOperationsItem",
    "ScimPatchOpSchemasItem",
    "ScimResource",
    "ScimSearchRequest",
    "ScimServiceProviderConfigResponse200",
    "ServiceRole",
    "ServiceRoleRequest",
    "ServiceRoleRequestRole",
    "ServiceRoleRole",
    "Session",
    "SessionErrorType0",
    "SessionExportRow",
    "SessionExportRowResultsType0",
    "SessionList",
    "SessionListItem",
    "SessionListItemSessionType",
    "SessionListItemStatus",
    "SessionMetadata",
    "SessionMetadataInput",
    "SessionParameters",
    "SessionParametersAnalysisTypesItem",
    "SessionParametersInput",
    "SessionParametersInputAnalysisTypesItem",
    "SessionParametersInputPriority",
    "SessionParametersPriority",
    "SessionQuote",
    "SessionQuoteLinesItem",
    "SessionQuoteLinesItemKind",
    "SessionQuoteRequest",
    "SessionQuoteRequestSessionType",
    "SessionQuoteSessionType",
    "SessionResultsType0",
    "SessionSessionType",
    "SessionStatus",
    "SetDefaultPaymentMethodResponse200",
    "SetUserServiceRoleResponse200",
    "SignIn",
    "SignInKind",
    "SsoConnection",
    "SsoConnectionKind",
    "SsoConnectionSp",
    "SsoDomain",
    "SsoDomainTxtRecord",
    "SsoLdapSettings",
    "SsoLdapSettingsBindMode",
    "SsoLdapSettingsDefaultRoleType1",
    "SsoLdapSettingsDefaultRoleType2Type1",
    "SsoLdapSettingsDefaultRoleType3Type1",
    "SsoLdapSettingsGroupRoles",
    "SsoLdapSettingsGroupRolesAdditionalProperty",
    "SsoSamlSettings",
    "SsoSamlSettingsDefaultRoleType1",
    "SsoSamlSettingsDefaultRoleType2Type1",
    "SsoSamlSettingsDefaultRoleType3Type1",
    "SsoSamlSettingsGroupRoles",
    "SsoSamlSettingsGroupRolesAdditionalProperty",
    "StepUpMfaResponse200",
    "StepUpPasskeyOptionsResponse200",
    "SystemStatus",
    "SystemStatusChecks",
    "SystemStatusChecksAdditionalProperty",
    "SystemStatusChecksAdditionalPropertyStatus",
    "SystemStatusMetrics",
    "SystemStatusServices",
    "SystemStatusServicesAdditionalProperty",
    "SystemStatusStatus",
    "TestWebhookResponse202",
    "TokenHintRequest",
    "TokenHintRequestTokenTypeHint",
    "TokenRequest",
    "TokenRequestGrantType",
    "TokenResponse",
    "TokenResponseTokenType",
    "TotpConfirmRequest",
    "TotpEnrolment",
    "Transaction",
    "TransactionExportRow",
    "TransactionSessionType0",
    "TransactionStatus",
    "TransactionType",
    "TransferOwnershipRequest",
    "UpdateMeRequest",
    "UpdateMeRequestPreferences",
    "UpdateMeRequestPreferencesLanguage",
    "UpdateMeRequestPreferencesTheme",
    "UpdateMeResponse200",
    "UpdateMeResult",
    "UpdateOrganizationSettingsRequest",
    "UpdateOrganizationSettingsResponse200",
    "UpdateSessionRequest",
    "UpdateSessionRequestMetadata",
    "UpdateSessionRequestParameters",
    "UpdateSessionRequestParametersPriority",
    "UpdateSessionResponse200",
    "UpdateSsoConnectionRequest",
    "UpdateSsoConnectionRequestLdap",
    "UpdateSsoConnectionRequestLdapBindMode",
    "UpdateSsoConnectionRequestLdapDefaultRoleType1",
    "UpdateSsoConnectionRequestLdapDefaultRoleType2Type1",
    "UpdateSsoConnectionRequestLdapDefaultRoleType3Type1",
    "UpdateSsoConnectionRequestLdapGroupRoles",
    "UpdateSsoConnectionRequestLdapGroupRolesAdditionalProperty",
    "UpdateSsoConnectionRequestSaml",
    "UpdateSsoConnectionRequestSamlDefaultRoleType1",
    "UpdateSsoConnectionRequestSamlDefaultRoleType2Type1",
    "UpdateSsoConnectionRequestSamlDefaultRoleType3Type1",
    "UpdateSsoConnectionRequestSamlGroupRoles",
    "UpdateSsoConnectionRequestSamlGroupRolesAdditionalProperty",
    "UpdateSsoConnectionResponse200",
    "UpdateWebhookResponse200",
    "UpdatedSession",
    "UsageStats",
    "User",
    "UserAnalytics",
    "UserAnalyticsGeographicDistributionItem",
    "UserAnalyticsPeriod",
    "UserAnalyticsTier",
    "UserAnalyticsTierDistribution",
    "UserExportRow",
    "UserStats",
    "UserStatsDailyBreakdownItem",
    "UserStatsSessionTypes",
    "UserStatsSessions",
    "UserSummary",
    "UserSummaryTier",
    "VerifyEmailRequest",
    "VerifyEmailResponse200",
    "VerifyEmailResult",
    "VerifyMfaResponse200",
    "VerifySsoDomainResponse200",
    "Webhook",
    "WebhookDeliveryLog",
    "WebhookDeliveryLogDeliveriesItem",
    "WebhookDeliveryLogDeliveriesItemAttemptLogItem",
    "WebhookDeliveryLogDeliveriesItemStatus",
    "WebhookDeliveryLogPagination",
    "WebhookRecovery",
)
