# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Contains all the data models used in inputs/outputs"""

from .agent import Agent
from .agent_create_params import AgentCreateParams
from .agent_custom_tool_use_event import AgentCustomToolUseEvent
from .agent_custom_tool_use_event_input import AgentCustomToolUseEventInput
from .agent_list import AgentList
from .agent_mcp_tool_result_event import AgentMcpToolResultEvent
from .agent_mcp_tool_result_event_outcome import AgentMcpToolResultEventOutcome
from .agent_mcp_tool_use_event import AgentMcpToolUseEvent
from .agent_mcp_tool_use_event_evaluated_permission import AgentMcpToolUseEventEvaluatedPermission
from .agent_mcp_tool_use_event_input import AgentMcpToolUseEventInput
from .agent_message_event import AgentMessageEvent
from .agent_ref import AgentRef
from .agent_thinking_event import AgentThinkingEvent
from .agent_thread_context_compacted_event import AgentThreadContextCompactedEvent
from .agent_thread_message_received_event import AgentThreadMessageReceivedEvent
from .agent_thread_message_sent_event import AgentThreadMessageSentEvent
from .agent_tool_result_event import AgentToolResultEvent
from .agent_tool_result_event_outcome import AgentToolResultEventOutcome
from .agent_tool_use_event import AgentToolUseEvent
from .agent_tool_use_event_evaluated_permission import AgentToolUseEventEvaluatedPermission
from .agent_tool_use_event_input import AgentToolUseEventInput
from .agent_toolset import AgentToolset
from .agent_update_params import AgentUpdateParams
from .agent_warning import AgentWarning
from .always_allow_policy import AlwaysAllowPolicy
from .always_ask_policy import AlwaysAskPolicy
from .api_actor import ApiActor
from .auto_policy import AutoPolicy
from .base_64_document_source import Base64DocumentSource
from .base_64_document_source_media_type import Base64DocumentSourceMediaType
from .base_64_image_source import Base64ImageSource
from .base_64_image_source_media_type import Base64ImageSourceMediaType
from .budget_reached_stop_reason import BudgetReachedStopReason
from .compaction_config import CompactionConfig
from .compaction_config_mode import CompactionConfigMode
from .content_delta import ContentDelta
from .context_management import ContextManagement
from .context_overflow_stop_reason import ContextOverflowStopReason
from .credential_failed_stop_reason import CredentialFailedStopReason
from .credential_networking import CredentialNetworking
from .cron_schedule_params import CronScheduleParams
from .custom_tool import CustomTool
from .custom_tool_input_schema import CustomToolInputSchema
from .deployment import Deployment
from .deployment_agent import DeploymentAgent
from .deployment_create_params import DeploymentCreateParams
from .deployment_list import DeploymentList
from .deployment_pause_error import DeploymentPauseError
from .deployment_run import DeploymentRun
from .deployment_run_error import DeploymentRunError
from .deployment_run_error_category import DeploymentRunErrorCategory
from .deployment_run_list import DeploymentRunList
from .deployment_run_outcome import DeploymentRunOutcome
from .deployment_runs_list_trigger_type import DeploymentRunsListTriggerType
from .deployment_schedule import DeploymentSchedule
from .deployment_status import DeploymentStatus
from .deployment_update_params import DeploymentUpdateParams
from .document_block import DocumentBlock
from .end_turn_stop_reason import EndTurnStopReason
from .environment import Environment
from .environment_create_params import EnvironmentCreateParams
from .environment_deleted import EnvironmentDeleted
from .environment_list import EnvironmentList
from .environment_update_params import EnvironmentUpdateParams
from .environment_variable_auth import EnvironmentVariableAuth
from .environment_variable_auth_params import EnvironmentVariableAuthParams
from .environment_variable_auth_update_params import EnvironmentVariableAuthUpdateParams
from .error_body import ErrorBody
from .error_body_details import ErrorBodyDetails
from .error_envelope import ErrorEnvelope
from .error_paused_reason import ErrorPausedReason
from .event_delta_event import EventDeltaEvent
from .event_start_event import EventStartEvent
from .file import File
from .file_deleted import FileDeleted
from .file_document_source import FileDocumentSource
from .file_list import FileList
from .file_rubric import FileRubric
from .file_upload_params import FileUploadParams
from .health import Health
from .health_status import HealthStatus
from .healthcheck_create_params import HealthcheckCreateParams
from .healthcheck_result import HealthcheckResult
from .healthcheck_result_params import HealthcheckResultParams
from .healthcheck_result_params_status import HealthcheckResultParamsStatus
from .healthcheck_result_status import HealthcheckResultStatus
from .healthcheck_work_data import HealthcheckWorkData
from .heartbeat_response import HeartbeatResponse
from .image_block import ImageBlock
from .injection_location import InjectionLocation
from .injection_location_params import InjectionLocationParams
from .manual_paused_reason import ManualPausedReason
from .manual_trigger_context import ManualTriggerContext
from .max_tokens_stop_reason import MaxTokensStopReason
from .mcp_o_auth_auth import McpOAuthAuth
from .mcp_o_auth_auth_params import McpOAuthAuthParams
from .mcp_o_auth_auth_update_params import McpOAuthAuthUpdateParams
from .mcp_o_auth_refresh import McpOAuthRefresh
from .mcp_o_auth_refresh_params import McpOAuthRefreshParams
from .mcp_o_auth_refresh_update_params import McpOAuthRefreshUpdateParams
from .mcp_server import McpServer
from .mcp_server_error import McpServerError
from .mcp_server_health import McpServerHealth
from .mcp_toolset import McpToolset
from .memory import Memory
from .memory_create_params import MemoryCreateParams
from .memory_deleted import MemoryDeleted
from .memory_list import MemoryList
from .memory_precondition import MemoryPrecondition
from .memory_prefix import MemoryPrefix
from .memory_store import MemoryStore
from .memory_store_create_params import MemoryStoreCreateParams
from .memory_store_deleted import MemoryStoreDeleted
from .memory_store_list import MemoryStoreList
from .memory_store_resource_params import MemoryStoreResourceParams
from .memory_store_resource_params_access import MemoryStoreResourceParamsAccess
from .memory_store_update_params import MemoryStoreUpdateParams
from .memory_stores_memories_get_view import MemoryStoresMemoriesGetView
from .memory_stores_memories_list_view import MemoryStoresMemoriesListView
from .memory_stores_memory_versions_list_operation import MemoryStoresMemoryVersionsListOperation
from .memory_update_params import MemoryUpdateParams
from .memory_version import MemoryVersion
from .memory_version_list import MemoryVersionList
from .memory_version_operation import MemoryVersionOperation
from .metadata import Metadata
from .metadata_patch import MetadataPatch
from .model import Model
from .model_capabilities import ModelCapabilities
from .model_config import ModelConfig
from .model_config_speed import ModelConfigSpeed
from .model_list import ModelList
from .model_usage import ModelUsage
from .money import Money
from .multiagent import Multiagent
from .multiagent_params import MultiagentParams
from .outcome_evaluation import OutcomeEvaluation
from .outcome_evaluation_result import OutcomeEvaluationResult
from .overlap_policy import OverlapPolicy
from .permission_evaluation import PermissionEvaluation
from .permission_evaluation_decision import PermissionEvaluationDecision
from .ping_event import PingEvent
from .preview_event_ref import PreviewEventRef
from .preview_event_ref_type import PreviewEventRefType
from .queue_stats import QueueStats
from .readiness import Readiness
from .readiness_checks import ReadinessChecks
from .readiness_status import ReadinessStatus
from .requires_action_stop_reason import RequiresActionStopReason
from .retries_exhausted_stop_reason import RetriesExhaustedStopReason
from .retry_status import RetryStatus
from .retry_status_type import RetryStatusType
from .roster_advisor import RosterAdvisor
from .roster_agent import RosterAgent
from .roster_member_param import RosterMemberParam
from .roster_member_param_type import RosterMemberParamType
from .schedule_trigger_context import ScheduleTriggerContext
from .self_hosted_config import SelfHostedConfig
from .server_tool_usage import ServerToolUsage
from .session import Session
from .session_actor import SessionActor
from .session_agent import SessionAgent
from .session_budget import SessionBudget
from .session_create_params import SessionCreateParams
from .session_deleted import SessionDeleted
from .session_deleted_event import SessionDeletedEvent
from .session_error import SessionError
from .session_error_event import SessionErrorEvent
from .session_event_list import SessionEventList
from .session_event_send_params import SessionEventSendParams
from .session_event_send_result import SessionEventSendResult
from .session_list import SessionList
from .session_resource import SessionResource
from .session_resource_access import SessionResourceAccess
from .session_roster import SessionRoster
from .session_stats import SessionStats
from .session_status import SessionStatus
from .session_status_idle_event import SessionStatusIdleEvent
from .session_status_rescheduled_event import SessionStatusRescheduledEvent
from .session_status_running_event import SessionStatusRunningEvent
from .session_status_terminated_event import SessionStatusTerminatedEvent
from .session_teardown_work_data import SessionTeardownWorkData
from .session_thread import SessionThread
from .session_thread_agent import SessionThreadAgent
from .session_thread_created_event import SessionThreadCreatedEvent
from .session_thread_list import SessionThreadList
from .session_thread_status_idle_event import SessionThreadStatusIdleEvent
from .session_thread_status_rescheduled_event import SessionThreadStatusRescheduledEvent
from .session_thread_status_running_event import SessionThreadStatusRunningEvent
from .session_thread_status_terminated_event import SessionThreadStatusTerminatedEvent
from .session_update_params import SessionUpdateParams
from .session_updated_event import SessionUpdatedEvent
from .session_usage import SessionUsage
from .session_usage_event import SessionUsageEvent
from .session_work_data import SessionWorkData
from .sessions_events_list_order import SessionsEventsListOrder
from .sessions_events_stream_event_deltas_item import SessionsEventsStreamEventDeltasItem
from .sessions_list_order import SessionsListOrder
from .sessions_threads_events_list_order import SessionsThreadsEventsListOrder
from .sessions_threads_list_order import SessionsThreadsListOrder
from .skill import Skill
from .skill_create_params import SkillCreateParams
from .skill_deleted import SkillDeleted
from .skill_list import SkillList
from .skill_ref import SkillRef
from .skill_version import SkillVersion
from .skill_version_create_params import SkillVersionCreateParams
from .skill_version_deleted import SkillVersionDeleted
from .skill_version_list import SkillVersionList
from .span_model_request_end_event import SpanModelRequestEndEvent
from .span_model_request_start_event import SpanModelRequestStartEvent
from .span_outcome_evaluation_end_event import SpanOutcomeEvaluationEndEvent
from .span_outcome_evaluation_start_event import SpanOutcomeEvaluationStartEvent
from .static_bearer_auth import StaticBearerAuth
from .static_bearer_auth_params import StaticBearerAuthParams
from .static_bearer_auth_update_params import StaticBearerAuthUpdateParams
from .text_block import TextBlock
from .text_document_source import TextDocumentSource
from .text_rubric import TextRubric
from .thread_blocked_stall import ThreadBlockedStall
from .token_endpoint_auth_basic import TokenEndpointAuthBasic
from .token_endpoint_auth_basic_params import TokenEndpointAuthBasicParams
from .token_endpoint_auth_none import TokenEndpointAuthNone
from .token_endpoint_auth_post import TokenEndpointAuthPost
from .token_endpoint_auth_post_params import TokenEndpointAuthPostParams
from .tool_call import ToolCall
from .tool_call_start_params import ToolCallStartParams
from .tool_call_state import ToolCallState
from .tool_config import ToolConfig
from .tool_default_config import ToolDefaultConfig
from .user_custom_tool_result_event import UserCustomToolResultEvent
from .user_custom_tool_result_event_params import UserCustomToolResultEventParams
from .user_define_outcome_event import UserDefineOutcomeEvent
from .user_define_outcome_event_params import UserDefineOutcomeEventParams
from .user_interrupt_event import UserInterruptEvent
from .user_interrupt_event_params import UserInterruptEventParams
from .user_message_event import UserMessageEvent
from .user_message_event_params import UserMessageEventParams
from .user_tool_confirmation_event import UserToolConfirmationEvent
from .user_tool_confirmation_event_params import UserToolConfirmationEventParams
from .user_tool_confirmation_event_params_result import UserToolConfirmationEventParamsResult
from .user_tool_confirmation_event_result import UserToolConfirmationEventResult
from .user_tool_result_event import UserToolResultEvent
from .user_tool_result_event_params import UserToolResultEventParams
from .vault import Vault
from .vault_create_params import VaultCreateParams
from .vault_credential import VaultCredential
from .vault_credential_create_params import VaultCredentialCreateParams
from .vault_credential_deleted import VaultCredentialDeleted
from .vault_credential_list import VaultCredentialList
from .vault_credential_update_params import VaultCredentialUpdateParams
from .vault_deleted import VaultDeleted
from .vault_list import VaultList
from .vault_update_params import VaultUpdateParams
from .webhook import Webhook
from .webhook_create_params import WebhookCreateParams
from .webhook_deleted import WebhookDeleted
from .webhook_disabled_reason import WebhookDisabledReason
from .webhook_disabled_reason_type import WebhookDisabledReasonType
from .webhook_event_type import WebhookEventType
from .webhook_list import WebhookList
from .webhook_notification import WebhookNotification
from .webhook_notification_data import WebhookNotificationData
from .webhook_notification_data_stop_reason import WebhookNotificationDataStopReason
from .webhook_update_params import WebhookUpdateParams
from .webhook_with_secret import WebhookWithSecret
from .work import Work
from .work_error import WorkError
from .work_error_type import WorkErrorType
from .work_fail_params import WorkFailParams
from .work_list import WorkList
from .work_secret import WorkSecret
from .work_secrets import WorkSecrets
from .work_state import WorkState
from .work_stop_params import WorkStopParams
from .worker_failed_stop_reason import WorkerFailedStopReason
from .worker_unavailable_stall import WorkerUnavailableStall

__all__ = (
    "Agent",
    "AgentCreateParams",
    "AgentCustomToolUseEvent",
    "AgentCustomToolUseEventInput",
    "AgentList",
    "AgentMcpToolResultEvent",
    "AgentMcpToolResultEventOutcome",
    "AgentMcpToolUseEvent",
    "AgentMcpToolUseEventEvaluatedPermission",
    "AgentMcpToolUseEventInput",
    "AgentMessageEvent",
    "AgentRef",
    "AgentThinkingEvent",
    "AgentThreadContextCompactedEvent",
    "AgentThreadMessageReceivedEvent",
    "AgentThreadMessageSentEvent",
    "AgentToolResultEvent",
    "AgentToolResultEventOutcome",
    "AgentToolUseEvent",
    "AgentToolUseEventEvaluatedPermission",
    "AgentToolUseEventInput",
    "AgentToolset",
    "AgentUpdateParams",
    "AgentWarning",
    "AlwaysAllowPolicy",
    "AlwaysAskPolicy",
    "ApiActor",
    "AutoPolicy",
    "Base64DocumentSource",
    "Base64DocumentSourceMediaType",
    "Base64ImageSource",
    "Base64ImageSourceMediaType",
    "BudgetReachedStopReason",
    "CompactionConfig",
    "CompactionConfigMode",
    "ContentDelta",
    "ContextManagement",
    "ContextOverflowStopReason",
    "CredentialFailedStopReason",
    "CredentialNetworking",
    "CronScheduleParams",
    "CustomTool",
    "CustomToolInputSchema",
    "Deployment",
    "DeploymentAgent",
    "DeploymentCreateParams",
    "DeploymentList",
    "DeploymentPauseError",
    "DeploymentRun",
    "DeploymentRunError",
    "DeploymentRunErrorCategory",
    "DeploymentRunList",
    "DeploymentRunOutcome",
    "DeploymentRunsListTriggerType",
    "DeploymentSchedule",
    "DeploymentStatus",
    "DeploymentUpdateParams",
    "DocumentBlock",
    "EndTurnStopReason",
    "Environment",
    "EnvironmentCreateParams",
    "EnvironmentDeleted",
    "EnvironmentList",
    "EnvironmentUpdateParams",
    "EnvironmentVariableAuth",
    "EnvironmentVariableAuthParams",
    "EnvironmentVariableAuthUpdateParams",
    "ErrorBody",
    "ErrorBodyDetails",
    "ErrorEnvelope",
    "ErrorPausedReason",
    "EventDeltaEvent",
    "EventStartEvent",
    "File",
    "FileDeleted",
    "FileDocumentSource",
    "FileList",
    "FileRubric",
    "FileUploadParams",
    "Health",
    "HealthStatus",
    "HealthcheckCreateParams",
    "HealthcheckResult",
    "HealthcheckResultParams",
    "HealthcheckResultParamsStatus",
    "HealthcheckResultStatus",
    "HealthcheckWorkData",
    "HeartbeatResponse",
    "ImageBlock",
    "InjectionLocation",
    "InjectionLocationParams",
    "ManualPausedReason",
    "ManualTriggerContext",
    "MaxTokensStopReason",
    "McpOAuthAuth",
    "McpOAuthAuthParams",
    "McpOAuthAuthUpdateParams",
    "McpOAuthRefresh",
    "McpOAuthRefreshParams",
    "McpOAuthRefreshUpdateParams",
    "McpServer",
    "McpServerError",
    "McpServerHealth",
    "McpToolset",
    "Memory",
    "MemoryCreateParams",
    "MemoryDeleted",
    "MemoryList",
    "MemoryPrecondition",
    "MemoryPrefix",
    "MemoryStore",
    "MemoryStoreCreateParams",
    "MemoryStoreDeleted",
    "MemoryStoreList",
    "MemoryStoreResourceParams",
    "MemoryStoreResourceParamsAccess",
    "MemoryStoreUpdateParams",
    "MemoryStoresMemoriesGetView",
    "MemoryStoresMemoriesListView",
    "MemoryStoresMemoryVersionsListOperation",
    "MemoryUpdateParams",
    "MemoryVersion",
    "MemoryVersionList",
    "MemoryVersionOperation",
    "Metadata",
    "MetadataPatch",
    "Model",
    "ModelCapabilities",
    "ModelConfig",
    "ModelConfigSpeed",
    "ModelList",
    "ModelUsage",
    "Money",
    "Multiagent",
    "MultiagentParams",
    "OutcomeEvaluation",
    "OutcomeEvaluationResult",
    "OverlapPolicy",
    "PermissionEvaluation",
    "PermissionEvaluationDecision",
    "PingEvent",
    "PreviewEventRef",
    "PreviewEventRefType",
    "QueueStats",
    "Readiness",
    "ReadinessChecks",
    "ReadinessStatus",
    "RequiresActionStopReason",
    "RetriesExhaustedStopReason",
    "RetryStatus",
    "RetryStatusType",
    "RosterAdvisor",
    "RosterAgent",
    "RosterMemberParam",
    "RosterMemberParamType",
    "ScheduleTriggerContext",
    "SelfHostedConfig",
    "ServerToolUsage",
    "Session",
    "SessionActor",
    "SessionAgent",
    "SessionBudget",
    "SessionCreateParams",
    "SessionDeleted",
    "SessionDeletedEvent",
    "SessionError",
    "SessionErrorEvent",
    "SessionEventList",
    "SessionEventSendParams",
    "SessionEventSendResult",
    "SessionList",
    "SessionResource",
    "SessionResourceAccess",
    "SessionRoster",
    "SessionStats",
    "SessionStatus",
    "SessionStatusIdleEvent",
    "SessionStatusRescheduledEvent",
    "SessionStatusRunningEvent",
    "SessionStatusTerminatedEvent",
    "SessionTeardownWorkData",
    "SessionThread",
    "SessionThreadAgent",
    "SessionThreadCreatedEvent",
    "SessionThreadList",
    "SessionThreadStatusIdleEvent",
    "SessionThreadStatusRescheduledEvent",
    "SessionThreadStatusRunningEvent",
    "SessionThreadStatusTerminatedEvent",
    "SessionUpdateParams",
    "SessionUpdatedEvent",
    "SessionUsage",
    "SessionUsageEvent",
    "SessionWorkData",
    "SessionsEventsListOrder",
    "SessionsEventsStreamEventDeltasItem",
    "SessionsListOrder",
    "SessionsThreadsEventsListOrder",
    "SessionsThreadsListOrder",
    "Skill",
    "SkillCreateParams",
    "SkillDeleted",
    "SkillList",
    "SkillRef",
    "SkillVersion",
    "SkillVersionCreateParams",
    "SkillVersionDeleted",
    "SkillVersionList",
    "SpanModelRequestEndEvent",
    "SpanModelRequestStartEvent",
    "SpanOutcomeEvaluationEndEvent",
    "SpanOutcomeEvaluationStartEvent",
    "StaticBearerAuth",
    "StaticBearerAuthParams",
    "StaticBearerAuthUpdateParams",
    "TextBlock",
    "TextDocumentSource",
    "TextRubric",
    "ThreadBlockedStall",
    "TokenEndpointAuthBasic",
    "TokenEndpointAuthBasicParams",
    "TokenEndpointAuthNone",
    "TokenEndpointAuthPost",
    "TokenEndpointAuthPostParams",
    "ToolCall",
    "ToolCallStartParams",
    "ToolCallState",
    "ToolConfig",
    "ToolDefaultConfig",
    "UserCustomToolResultEvent",
    "UserCustomToolResultEventParams",
    "UserDefineOutcomeEvent",
    "UserDefineOutcomeEventParams",
    "UserInterruptEvent",
    "UserInterruptEventParams",
    "UserMessageEvent",
    "UserMessageEventParams",
    "UserToolConfirmationEvent",
    "UserToolConfirmationEventParams",
    "UserToolConfirmationEventParamsResult",
    "UserToolConfirmationEventResult",
    "UserToolResultEvent",
    "UserToolResultEventParams",
    "Vault",
    "VaultCreateParams",
    "VaultCredential",
    "VaultCredentialCreateParams",
    "VaultCredentialDeleted",
    "VaultCredentialList",
    "VaultCredentialUpdateParams",
    "VaultDeleted",
    "VaultList",
    "VaultUpdateParams",
    "Webhook",
    "WebhookCreateParams",
    "WebhookDeleted",
    "WebhookDisabledReason",
    "WebhookDisabledReasonType",
    "WebhookEventType",
    "WebhookList",
    "WebhookNotification",
    "WebhookNotificationData",
    "WebhookNotificationDataStopReason",
    "WebhookUpdateParams",
    "WebhookWithSecret",
    "Work",
    "WorkError",
    "WorkErrorType",
    "WorkFailParams",
    "WorkList",
    "WorkSecret",
    "WorkSecrets",
    "WorkState",
    "WorkStopParams",
    "WorkerFailedStopReason",
    "WorkerUnavailableStall",
)
