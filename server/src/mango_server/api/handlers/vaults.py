"""Vault handlers: parse the request, call ``app.vaults``, map with ``api.mappers.vaults``."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import vaults as wire
from mango_server.app import vaults
from mango_server.domain._generated.wire import (
    Vault,
    VaultCreateParams,
    VaultCredential,
    VaultCredentialCreateParams,
    VaultCredentialDeleted,
    VaultCredentialList,
    VaultCredentialUpdateParams,
    VaultDeleted,
    VaultList,
    VaultUpdateParams,
)


async def vaults_create(ctx: RequestContext) -> Vault:
    return wire.vault(await vaults.create(ctx.services, ctx.principal, ctx.params(VaultCreateParams)))


async def vaults_get(ctx: RequestContext) -> Vault:
    return wire.vault(await vaults.get(ctx.services, ctx.principal, ctx.path["vault_id"]))


async def vaults_list(ctx: RequestContext) -> VaultList:
    limit, cursor = page_params(ctx)
    include_archived = ctx.bool_param("include_archived")
    page = await vaults.list_page(
        ctx.services, ctx.principal, limit=limit, cursor=cursor, include_archived=include_archived
    )
    return page_body(page, wire.vault)


async def vaults_update(ctx: RequestContext) -> Vault:
    params = ctx.params(VaultUpdateParams)
    return wire.vault(await vaults.update(ctx.services, ctx.principal, ctx.path["vault_id"], params))


async def vaults_archive(ctx: RequestContext) -> Vault:
    return wire.vault(await vaults.archive(ctx.services, ctx.principal, ctx.path["vault_id"]))


async def vaults_delete(ctx: RequestContext) -> VaultDeleted:
    return wire.vault_deleted(await vaults.delete(ctx.services, ctx.principal, ctx.path["vault_id"]))


async def vaults_credentials_create(ctx: RequestContext) -> VaultCredential:
    params = ctx.params(VaultCredentialCreateParams)
    return wire.credential(await vaults.create_credential(ctx.services, ctx.principal, ctx.path["vault_id"], params))


async def vaults_credentials_get(ctx: RequestContext) -> VaultCredential:
    row = await vaults.get_credential(ctx.services, ctx.principal, ctx.path["vault_id"], ctx.path["credential_id"])
    return wire.credential(row)


async def vaults_credentials_list(ctx: RequestContext) -> VaultCredentialList:
    limit, cursor = page_params(ctx)
    page = await vaults.list_credentials(ctx.services, ctx.principal, ctx.path["vault_id"], limit=limit, cursor=cursor)
    return page_body(page, wire.credential)


async def vaults_credentials_update(ctx: RequestContext) -> VaultCredential:
    params = ctx.params(VaultCredentialUpdateParams)
    path = ctx.path
    row = await vaults.update_credential(ctx.services, ctx.principal, path["vault_id"], path["credential_id"], params)
    return wire.credential(row)


async def vaults_credentials_delete(ctx: RequestContext) -> VaultCredentialDeleted:
    path = ctx.path
    deleted = await vaults.delete_credential(ctx.services, ctx.principal, path["vault_id"], path["credential_id"])
    return wire.credential_deleted(deleted)
